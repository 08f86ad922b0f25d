import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRODUCT_DOC, regenerate } from './product-doc.ts';

const onDisk = fs.readFileSync(PRODUCT_DOC, 'utf8');

describe('docs/product.md', () => {
  it('holds the routes, limits and messages the code gives', async () => {
    const fresh = await regenerate(onDisk);
    expect(fresh === onDisk, 'docs/product.md is stale: run `npm run docs:product`').toBe(true);
  });

  it('keeps the prose around a generated block and refuses a block it does not know', async () => {
    const regenerated = await regenerate(
      onDisk.replace('<!-- /generated:text-limits -->', 'old row\n<!-- /generated:text-limits -->'),
    );
    expect(regenerated).toBe(onDisk);
    await expect(regenerate(`${onDisk}\n<!-- generated:screens -->\n`)).rejects.toThrow(
      "unknown generated block 'screens'",
    );
    await expect(regenerate(onDisk.replace('<!-- /generated:messages -->', ''))).rejects.toThrow(
      'no block <!-- generated:messages -->',
    );
  });

  it('lists each route under who may open it, keeping its purpose; a route without one needs its row', async () => {
    const aboutRow = '| /about | About page |\n';
    expect(onDisk).toContain(aboutRow);
    const signedIn = onDisk.indexOf('<!-- generated:routes-signed-in -->\n');
    const aboutSignedIn = `${onDisk.slice(0, signedIn)}${onDisk.slice(signedIn).replace('|---|---|\n', `|---|---|\n${aboutRow}`)}`;
    expect(await regenerate(aboutSignedIn.replace(aboutRow, ''))).toBe(onDisk);
    await expect(regenerate(onDisk.replace('| /track |', '| /tracking |'))).rejects.toThrow(
      "add a row '| /track | … |' for the route to <!-- generated:routes-public -->",
    );
  });
});
