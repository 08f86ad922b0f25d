import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { sfntOfWoff } from './woff.ts';

const require = createRequire(import.meta.url);

describe('sfntOfWoff', () => {
  it('gives the same font as the WOFF file, as a plain OpenType font', async () => {
    const woff = await readFile(
      require.resolve('@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-700-normal.woff'),
    );
    const packed = fontkit.create(woff) as fontkit.Font;
    const plain = fontkit.create(sfntOfWoff(woff)) as fontkit.Font;
    expect(plain.type).toBe('TTF');
    expect(plain.postscriptName).toBe('NotoSansTamil-Bold');
    expect(plain.numGlyphs).toBe(packed.numGlyphs);
    expect(plain.characterSet).toEqual(packed.characterSet);
    const word = 'காந்தி நகர்';
    expect(plain.layout(word).glyphs.map((g) => [g.id, g.advanceWidth])).toEqual(
      packed.layout(word).glyphs.map((g) => [g.id, g.advanceWidth]),
    );
    expect(plain.getGlyph(20).path.toSVG()).toBe(packed.getGlyph(20).path.toSVG());
  });

  it('refuses a file that is not WOFF', () => {
    expect(() => sfntOfWoff(Buffer.from('OTTO and more bytes than a WOFF header has, forty-four at least'))).toThrow(
      'Not a WOFF font',
    );
  });
});
