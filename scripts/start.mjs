// `npm start`: build the web app when it has not been built yet, then run the shop in this process
// (one process plus its PostgreSQL, so a crash or `kill -9` leaves nothing but the database behind,
// which the next start takes over).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webBuilt = ['apps/web/dist/index.html', 'apps/web/dist/server/render-page.js'].map((file) =>
  path.join(root, file),
);
const vite = (...args) =>
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', ...args], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });

if (!webBuilt.every((file) => fs.existsSync(file)) || process.argv.includes('--rebuild')) {
  console.log('Building the web app (first start)…');
  // The browser's app, then the renderer of its landing pages (apps/web/package.json "build").
  vite();
  vite('--ssr', 'src/server/render-page.tsx');
}

register();
await import(path.join(root, 'apps/api/src/main.ts'));
