import type { Plugin } from 'vite';

/**
 * The entry script and the chunks it imports are asked for at low priority, after the styles, the first screen's
 * picture and its data: the shell in index.html is drawn as soon as the styles arrive instead of waiting for the
 * scripts (a module script or module preload at the default high priority holds the first paint back in Chromium's
 * scheduling and in Lighthouse's model of it). See docs/decisions/023-storefront-first-load.md.
 */
export function scriptsAfterPaint(): Plugin {
  return {
    name: 'bagshop-scripts-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
          (_tag, opening: string) => `<${opening} fetchpriority="low"`,
        ),
    },
  };
}
