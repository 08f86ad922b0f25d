import fs from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Class names the code does not spell out whole: react-bootstrap builds them from props (`bg="danger"`,
 * `variant="outline-brand"`, `md={4}`, `expand="lg"`, `sticky="top"`), its components add state classes while they
 * run (a carousel's `carousel-item-next`, a modal's `show`), and the date picker and toasts build theirs from
 * their own props. These families stay whole; a family that is not used at all is small.
 */
const KEPT_FAMILIES = [
  /^(Toastify|react-datepicker|reactEasyCrop)/,
  // The shop's own: <Price size> (`price-${size}`).
  /^price-/,
  /^(col|row-cols|offset|order)(-|$)/,
  /^(bg|text|text-bg|btn|btn-outline|alert|border|link|table|list-group-item)-(primary|secondary|success|danger|warning|info|light|dark|brand|white|black)$/,
  /^(btn|alert|badge|card|carousel|modal|offcanvas|navbar|nav|dropdown|collapse|collapsing|fade|show|showing|hiding|active|disabled|spinner|placeholder|form|input-group|invalid|valid|is-|was-validated|table|list-group|pagination|page-|progress|visually-hidden|stretched-link|close|toast|tooltip|popover|img|figure|ratio|rounded|hstack|vstack|gap-|sticky-|fixed-|container)/,
];

const isKept = (usedWords: Set<string>) => (className: string) =>
  usedWords.has(className) || KEPT_FAMILIES.some((family) => family.test(className));

/** Index of the brace that closes the block opened at `open`, skipping quoted strings. */
function closingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      i = css.indexOf(c, i + 1);
      if (i < 0) return css.length - 1;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return css.length - 1;
}

/** Splits a selector list at its top-level commas (not those inside `:not(…)` or `:is(…)`). */
function splitSelectors(prelude: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < prelude.length; i++) {
    const c = prelude[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(prelude.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(prelude.slice(start));
  return parts;
}

/** Grouping rules whose contents are rules themselves; every other at-rule (keyframes, font faces) stays as it is. */
const GROUPING_RULE = /^@(media|supports|container|layer)\b/;

/**
 * The classes a selector needs an element to have; those inside `:not(…)` are ones it must lack, so they do not count
 * (`.collapse:not(.show)` applies to a collapse whether or not anything else is shown).
 */
const requiredClasses = (selector: string) =>
  [...selector.replace(/:not\([^)]*\)/g, '').matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map(([, className]) => className);

/** Keeps the rules with at least one selector whose classes are all kept, and only those selectors. */
export function trimUnusedRules(css: string, keep: (className: string) => boolean): string {
  let out = '';
  let i = 0;
  while (i < css.length) {
    const open = css.indexOf('{', i);
    const semicolon = css.indexOf(';', i);
    if (open < 0) {
      out += css.slice(i);
      break;
    }
    if (semicolon >= 0 && semicolon < open && css[i] === '@') {
      // A statement at-rule such as @charset or @import.
      out += css.slice(i, semicolon + 1);
      i = semicolon + 1;
      continue;
    }
    const close = closingBrace(css, open);
    const prelude = css.slice(i, open).trim();
    const body = css.slice(open + 1, close);
    if (GROUPING_RULE.test(prelude)) {
      const inner = trimUnusedRules(body, keep);
      if (inner.trim()) out += `${prelude}{${inner}}`;
    } else if (prelude.startsWith('@')) {
      out += `${prelude}{${body}}`;
    } else {
      const selectors = splitSelectors(prelude).filter((selector) => requiredClasses(selector).every(keep));
      if (selectors.length > 0) out += `${selectors.join(',')}{${body}}`;
    }
    i = close + 1;
  }
  return out;
}

async function wordsIn(dir: string, words: Set<string>): Promise<void> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await wordsIn(full, words);
    else if (/\.(?:[cm]?js|tsx?)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      for (const [word] of (await fs.readFile(full, 'utf8')).matchAll(/[A-Za-z_][\w-]*/g)) words.add(word);
    }
  }
}

/**
 * Leaves out of the stylesheets every rule for classes that neither the web app's code nor react-bootstrap's
 * mentions (Bootstrap ships hundreds of utilities and components the shop never uses), like PurgeCSS with a
 * safelist, without another dependency. It works on the style sheets as they are imported, before the build names
 * them after their content, so a changed sheet always gets a new name (docs/decisions/023-storefront-first-load.md).
 */
export function trimCss(codeDirs: string[]): Plugin {
  const usedWords = new Set<string>();
  return {
    name: 'bagshop-trim-css',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      for (const dir of codeDirs) await wordsIn(dir, usedWords);
    },
    transform(code, id) {
      if (!/\.css$/.test(id)) return null;
      return { code: trimUnusedRules(code.replace(/\/\*[\s\S]*?\*\//g, ''), isKept(usedWords)), map: null };
    },
  };
}
