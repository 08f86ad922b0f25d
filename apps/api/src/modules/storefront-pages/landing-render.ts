import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ShopSettings } from '@bagshop/shared/shop-settings';
import { escapeHtml } from './page-head.ts';

/** Where the web app's build puts the landing pages' renderer: inside the build, never served (app.ts). */
export const RENDERER_DIR = 'server';
const RENDERER_FILE = `${RENDERER_DIR}/render-page.js`;

/** What the web app's renderer (apps/web/src/server/render-page.tsx, built to apps/web/dist/server) offers. */
interface PageRenderer {
  renderPage(url: string, answers: Record<string, unknown>, settings: ShopSettings): Promise<string | null>;
  firstPaintCss(html: string, stylesheet: string): string;
}

/** The part of Vite's build manifest (dist/.vite/manifest.json) read here. */
type Manifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] }>;

/** Where index.html marks the frame the app draws; a landing page puts the page React drew in its place. */
const APP_START = '<!--page-app-->';
const APP_END = '<!--/page-app-->';
const FIRST_PAINT_CSS = '<!--first-paint-css-->';

export interface LandingPages {
  /** The page at `url` drawn by React inside `template`'s frame, or null when it is not one to draw here. */
  render(url: string, answers: Record<string, unknown>, settings: ShopSettings): Promise<string | null>;
}

/** Every file the app's code needs once it starts: its chunk, the chunks it imports and their styles. */
function filesOfChunk(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const css of chunk.css ?? []) seen.add(css);
  for (const imported of chunk.imports ?? []) filesOfChunk(manifest, imported, seen);
  return seen;
}

/**
 * The built index.html as a landing page's template (docs/decisions/047-server-rendered-landing-pages.md): `#root`
 * marked as drawn by the server; the app's stylesheet left to the page's script, which takes it up as the app starts,
 * or read at once without scripts (the page's own rules are written into it instead); the app's code and stylesheet
 * named for the script to fetch once the page has loaded, so the app starts without waiting when the shopper first
 * touches the page.
 */
function landingTemplate(indexHtml: string, stylesheets: string[], appFiles: string[]): string | null {
  if (!indexHtml.includes(APP_START) || !indexHtml.includes(APP_END)) return null;
  let page = indexHtml.replace('<div id="root">', '<div id="root" data-rendered="server">');
  for (const href of stylesheets) {
    const tag = new RegExp(`<link rel="stylesheet"[^>]*href="/${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`);
    // Not a link the browser would read (even a print stylesheet is parsed while the page loads): named for the script.
    const later =
      `<meta name="later-styles" content="/${escapeHtml(href)}">` +
      `<noscript><link rel="stylesheet" href="/${escapeHtml(href)}"></noscript>`;
    page = page.replace(tag, () => `${FIRST_PAINT_CSS}${later}`);
  }
  // Named, not linked: prefetched by the script once the page has loaded, so they never compete with its picture.
  const named = `<meta name="app-files" content="${escapeHtml(appFiles.map((file) => `/${file}`).join(' '))}">`;
  return page.replace('</head>', () => `${named}</head>`);
}

/**
 * The landing pages' renderer from the web app's build in `dist`, or null when there is none (a build from before
 * it): the pages are then the frame the app draws.
 */
export async function loadLandingPages(dist: string, indexHtml: string): Promise<LandingPages | null> {
  const rendererFile = path.join(dist, RENDERER_FILE);
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(rendererFile) || !fs.existsSync(manifestFile)) return null;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const entry = manifest['index.html'];
  const appKey = entry?.dynamicImports?.[0];
  if (!entry || !appKey) return null;
  const stylesheets = entry.css ?? [];
  // The page's own script is asked for by the page already.
  const appFiles = [...filesOfChunk(manifest, appKey)].filter((file) => file !== entry.file);
  const template = landingTemplate(indexHtml, stylesheets, appFiles);
  if (template === null) return null;
  const stylesheet = stylesheets.map((file) => fs.readFileSync(path.join(dist, file), 'utf8')).join('\n');
  const renderer = (await import(pathToFileURL(rendererFile).href)) as PageRenderer;
  return {
    async render(url, answers, settings) {
      // As the browser reads them from the page, so both draw the same page.
      const asSent = JSON.parse(JSON.stringify(answers)) as Record<string, unknown>;
      const html = await renderer.renderPage(url, asSent, settings);
      if (html === null) return null;
      const css = renderer.firstPaintCss(html, stylesheet);
      const start = template.indexOf(APP_START);
      const end = template.indexOf(APP_END) + APP_END.length;
      return (template.slice(0, start) + html + template.slice(end)).replace(
        FIRST_PAINT_CSS,
        () => `<style>${css}</style>`,
      );
    },
  };
}
