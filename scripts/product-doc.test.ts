import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRODUCT_DOC, regenerate } from './product-doc.ts';

describe('docs/product.md', () => {
  it('holds the tables of limits and messages packages/shared gives', async () => {
    const onDisk = fs.readFileSync(PRODUCT_DOC, 'utf8');
    const fresh = await regenerate(onDisk);
    expect(fresh === onDisk, 'docs/product.md is stale: run `npm run docs:product`').toBe(true);
  });

  it('keeps the prose around a generated block and refuses a block it does not know', async () => {
    const blocks = '<!-- generated:text-limits -->\nold\n<!-- /generated:text-limits -->';
    const messages = '<!-- generated:messages -->\n<!-- /generated:messages -->';
    const regenerated = await regenerate(`Before.\n\n${blocks}\n\nBetween.\n\n${messages}\n\nAfter.\n`);
    expect(regenerated).toMatch(/^Before\.\n\n<!-- generated:text-limits -->\n\| Field \|/);
    expect(regenerated).not.toContain('\nold\n');
    expect(regenerated).toMatch(/<!-- \/generated:text-limits -->\n\nBetween\.\n\n<!-- generated:messages -->\n/);
    expect(regenerated).toMatch(/\| `MSG\.emailInvalid` \| 'Invalid email' \|/);
    expect(regenerated.endsWith('<!-- /generated:messages -->\n\nAfter.\n')).toBe(true);
    await expect(regenerate(`${blocks}\n${messages}\n<!-- generated:routes -->`)).rejects.toThrow(
      "unknown generated block 'routes'",
    );
    await expect(regenerate(messages)).rejects.toThrow('no block <!-- generated:text-limits -->');
  });
});
