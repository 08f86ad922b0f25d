import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { scriptsAfterPaint } from './build/scripts-after-paint.ts';
import { trimCss } from './build/trim-css.ts';

const api = process.env.API_URL ?? 'http://localhost:3000';
const packageDir = (name: string) => path.dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));
/** Where the class names the built app can use are written. */
const codeDirs = [
  path.resolve(import.meta.dirname, 'src'),
  path.resolve(import.meta.dirname, '../../packages/shared/src'),
  path.join(packageDir('react-bootstrap'), 'esm'),
];

/**
 * Two builds: the browser's (`dist`, served) and, with `--ssr`, the landing pages' renderer the API loads
 * (`dist/server`, which the API never serves; docs/decisions/047-server-rendered-landing-pages.md). The renderer
 * carries its dependencies, so the API needs none of the web app's packages at run time.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), trimCss(codeDirs), scriptsAfterPaint(), precompress()],
  ssr: { noExternal: true },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/uploads': api,
      '/dev': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  build: {
    outDir: isSsrBuild ? 'dist/server' : 'dist',
    copyPublicDir: !isSsrBuild,
    // The API reads which files the app's code is in, to let the browser fetch them ahead while it is idle.
    manifest: !isSsrBuild,
    // No source maps in the build: the shop serves none (docs/decisions/009-safe-defaults.md).
    sourcemap: false,
    rolldownOptions: {
      // Building a zod schema changes nothing outside it, so a schema no screen in a chunk uses is left out of that
      // chunk: the storefront's first download carries none of the shared forms' rules
      // (docs/decisions/023-storefront-first-load.md).
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
}));
