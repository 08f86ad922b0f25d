import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/**
 * Writes `name.br` and `name.gz` beside every text file of the build, at the strongest settings (done once per
 * build, not per request); the API serves them to browsers that accept them. A compressed copy that would not be
 * smaller is left out, so the original is served instead.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'bagshop-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for await (const file of filesUnder(outDir)) {
        if (!TEXT_FILE.test(file)) continue;
        const original = await fs.readFile(file);
        const compressed = {
          br: await brotli(original, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: original.length,
            },
          }),
          gz: await gzip(original, { level: zlib.constants.Z_BEST_COMPRESSION }),
        };
        for (const [extension, bytes] of Object.entries(compressed)) {
          if (bytes.length < original.length) await fs.writeFile(`${file}.${extension}`, bytes);
        }
      }
    },
  };
}
