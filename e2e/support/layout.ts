import type { Locator } from '@playwright/test';

/**
 * The header cells of `table` whose right edge lies beyond its visible box (the scrolling wrapper around it, or the
 * table itself), and whether that box has to scroll sideways to show them.
 */
export async function cutColumns(table: Locator): Promise<{ cut: string[]; scrolls: boolean }> {
  return table.evaluate((element) => {
    const box = element.parentElement?.classList.contains('table-responsive') ? element.parentElement : element;
    const edge = box.getBoundingClientRect().right;
    const cut = [...element.querySelectorAll('thead th')]
      .filter((cell) => cell.getBoundingClientRect().right > edge + 0.5)
      .map((cell) => cell.textContent?.trim() ?? '');
    return { cut, scrolls: box.scrollWidth > box.clientWidth + 1 };
  });
}

/** Whether the page itself is wider than the screen (something sticks out sideways). */
export async function pageOverflows(table: Locator): Promise<boolean> {
  return table.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/**
 * Where the text of `element` goes on to a new line, as "before|after" around each break (e.g. "bagshop.|example"),
 * found from the boxes of its characters.
 */
export async function lineBreaks(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const chars: { char: string; top: number; height: number }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i += 1) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (rect) chars.push({ char: text[i], top: rect.top, height: rect.height });
      }
    }
    const breaks: string[] = [];
    for (let i = 1; i < chars.length; i += 1) {
      if (chars[i].top > chars[i - 1].top + chars[i - 1].height / 2) {
        const before = chars
          .slice(0, i)
          .map((c) => c.char)
          .join('');
        const after = chars
          .slice(i)
          .map((c) => c.char)
          .join('');
        breaks.push(`${before}|${after}`);
      }
    }
    return breaks;
  });
}

/** A line break inside an email address is fair only right after its "@" or right before a ".". */
export const breaksMidWord = (breaks: string[]) =>
  breaks.filter((at) => {
    const [before, after] = at.split('|');
    return !before.endsWith('@') && !after.startsWith('.');
  });
