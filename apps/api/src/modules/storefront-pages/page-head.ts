import { SHOP_SETTINGS_MSG, type ShopSettings } from '@bagshop/shared/shop-settings';

/**
 * What search engines and link previews read in a storefront page's head before any script runs: title,
 * description, canonical address, Open Graph and, for a product, its schema.org facts (docs/decisions/025-pages-for-search-engines.md).
 */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute; also og:url. Left out of pages that must not be indexed (the 404). */
  canonicalUrl?: string;
  /** Absolute. */
  imageUrl?: string;
  ogType?: 'website' | 'product';
  noIndex?: boolean;
  /** schema.org data, written as a JSON-LD block. */
  jsonLd?: object;
  /** What the page fetches first, asked for while the scripts still download. */
  preloads?: Preload[];
  /**
   * What GET requests to the API would answer right now to a shopper not signed in, keyed by their address as the web
   * app asks it: the app's first render uses them instead of asking again.
   */
  apiAnswers?: Record<string, unknown>;
}

export type Preload =
  | { as: 'image'; href: string; imageSrcset?: string; imageSizes?: string }
  | { as: 'fetch'; href: string };

/** Where the build's index.html marks the head the server rewrites per page. */
export const HEAD_START = '<!--page-head-->';
export const HEAD_END = '<!--/page-head-->';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Safe in element text and in a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/**
 * JSON that cannot end its script element or open a comment inside it: `<`, `>` and `&` become \u escapes, as do
 * the two line separators some parsers treat as line ends.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Cut at a word boundary to at most `max` characters, with an ellipsis when cut. */
export function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

function meta(attribute: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
}

function preloadTag(preload: Preload): string {
  if (preload.as === 'fetch') {
    // The API client sends credentials, so the preload must ask the same way or the browser fetches twice.
    return `<link rel="preload" as="fetch" href="${escapeHtml(preload.href)}" crossorigin="use-credentials" />`;
  }
  const set = preload.imageSrcset ? ` imagesrcset="${escapeHtml(preload.imageSrcset)}"` : '';
  const sizes = preload.imageSizes ? ` imagesizes="${escapeHtml(preload.imageSizes)}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(preload.href)}"${set}${sizes} fetchpriority="high" />`;
}

export function renderHead(head: PageHead): string {
  const lines = [`<title>${escapeHtml(head.title)}</title>`, meta('name', 'description', head.description)];
  if (head.noIndex) lines.push(meta('name', 'robots', 'noindex'));
  if (head.canonicalUrl) lines.push(`<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />`);
  lines.push(
    meta('property', 'og:site_name', 'Bag Shop'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:type', head.ogType ?? 'website'),
  );
  if (head.canonicalUrl) lines.push(meta('property', 'og:url', head.canonicalUrl));
  if (head.imageUrl) lines.push(meta('property', 'og:image', head.imageUrl));
  lines.push(meta('name', 'twitter:card', head.imageUrl ? 'summary_large_image' : 'summary'));
  for (const preload of head.preloads ?? []) lines.push(preloadTag(preload));
  if (head.jsonLd) lines.push(`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`);
  return lines.join('\n    ');
}

/** Where the shell shows the test-mode ribbon, as features/shop-settings/test-mode-ribbon.tsx draws it. */
export const RIBBON_MARK = '<!--page-ribbon-->';

export function testModeRibbon(): string {
  return `<div class="test-mode-ribbon text-center small fw-semibold py-1 px-2" role="note">${escapeHtml(SHOP_SETTINGS_MSG.testModeRibbon)}</div>`;
}

/**
 * The built index.html with its marked head replaced. A page built without the marks (an older build) gets the
 * head in place of its title.
 */
/** The id of the block that hands the app the shop's settings, so its first render already knows them. */
export const SETTINGS_ID = 'shop-settings';
/** The id of the block that hands the app the API answers its first render needs (`PageHead.apiAnswers`). */
export const API_ANSWERS_ID = 'api-answers';

/**
 * Holds the first paint until the parser reaches the settings block, which follows the page's markup
 * (docs/decisions/047-server-rendered-landing-pages.md, amendment of 2026-12-03). A browser that stops parsing halfway
 * (a busy phone) otherwise paints half a page, and the rest moves it: the Sort label before its select, a card beside
 * a neighbour not laid out yet. The link waits for its element to be in the page, not for its end, hence a mark after
 * the markup rather than `#root`.
 */
const PAINT_AFTER_MARKUP = `<link rel="expect" href="#${SETTINGS_ID}" blocking="render" />`;

export function withHead(template: string, head: PageHead, settings: ShopSettings): string {
  const page = settings.cardPayments === 'sandbox' ? template.replace(RIBBON_MARK, testModeRibbon) : template;
  let blocks = `<script type="application/json" id="${SETTINGS_ID}">${jsonForScript(settings)}</script>`;
  if (head.apiAnswers) {
    blocks += `\n    <script type="application/json" id="${API_ANSWERS_ID}">${jsonForScript(head.apiAnswers)}</script>`;
  }
  // After the page's markup: the browser parses what it shows first; only the app reads these.
  if (!page.includes('</body>')) {
    return replaceHead(
      page.replace('</head>', () => `${blocks}</head>`),
      renderHead(head),
    );
  }
  const withBlocks = page.replace('</body>', () => `${blocks}\n  </body>`);
  return replaceHead(withBlocks, `${renderHead(head)}\n    ${PAINT_AFTER_MARKUP}`);
}

function replaceHead(template: string, html: string): string {
  const start = template.indexOf(HEAD_START);
  const end = template.indexOf(HEAD_END);
  if (start !== -1 && end > start) return template.slice(0, start) + html + template.slice(end + HEAD_END.length);
  if (/<title>[^<]*<\/title>/.test(template)) return template.replace(/<title>[^<]*<\/title>/, () => html);
  return template.replace(/<\/head>/i, () => `${html}</head>`);
}
