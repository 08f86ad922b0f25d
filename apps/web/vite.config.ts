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

export default defineConfig({
  plugins: [react(), trimCss(codeDirs), scriptsAfterPaint(), precompress()],
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
    outDir: 'dist',
    // No source maps in the build: the shop serves none (docs/decisions/009-safe-defaults.md).
    sourcemap: false,
    rolldownOptions: {
      // Building a zod schema changes nothing outside it, so a schema no screen in a chunk uses is left out of that
      // chunk: the storefront's first download carries none of the shared forms' rules
      // (docs/decisions/023-storefront-first-load.md).
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
});
