/**
 * Text someone typed (a contact message, a name, an address), made safe for a line of a plain-text log: a backslash
 * and every control character — CR, LF, tab, ESC, the C1 controls, U+2028 and U+2029 — are written as escapes
 * (`\n`, `\r`, `\t`, `\\`, `\u001b`…), so whatever a visitor writes stays on its own line and can neither start a
 * line that looks like the shop's nor move a terminal's cursor.
 */
export function oneLine(text: string): string {
  return text.replace(UNSAFE, escaped);
}

/** Everything but printable ASCII without the backslash, and the printable rest of Unicode without U+2028/U+2029. */
const UNSAFE = /[^ -[\]-~\u00a0-\u2027\u202a-\uffff]/g;
const SHORT: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escaped(char: string): string {
  return SHORT[char] ?? unicodeEscape(char);
}

function unicodeEscape(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * A line of JSON (pino's) with what JSON leaves raw but some log viewers break lines at — the C1 controls (NEL) and
 * U+2028/U+2029 — written as `\u` escapes: still the same JSON, and still one line.
 */
export function oneJsonLine(line: string): string {
  return line.replace(JSON_UNSAFE, unicodeEscape);
}

const JSON_UNSAFE = /[\u0080-\u009f\u2028\u2029]/g;
