import { asPaise } from '@bagshop/shared/pricing/money';
import { describe, expect, it, vi } from 'vitest';
import { pdfFonts, readPdf } from '../../test/pdf.ts';
import { newPdf, PDF_BOLD_FONT, PDF_FONT, pdfMoney, pdfText, pdfTextHeight, pdfTextWidth, scriptRuns } from './pdf.ts';

/**
 * A word or two in each Indian script the shop prints, chosen so that a PDF reader gives the letters back in order:
 * where a vowel sign is drawn before its consonant (சென்னை), readers return the drawn order. Readers also guess
 * spaces from where glyphs sit, and guess some inside Telugu words, so the text is compared without its spaces.
 */
const WORDS = {
  Devanagari: 'अनन्या कपूर',
  Bengali: 'বাংলা',
  Gurmukhi: 'ਗੁਰਮੁਖੀ',
  Gujarati: 'ગુજરાતી',
  Oriya: 'କଟକ',
  Tamil: 'காந்தி நகர்',
  Telugu: 'విజయవాడ',
  Kannada: 'ಕನ್ನಡ',
  Malayalam: 'മലയാളം',
};

describe('pdfMoney', () => {
  it('prints the rupee sign and Indian grouping', () => {
    expect(pdfMoney(asPaise(12_345_600))).toBe('₹1,23,456.00');
  });
});

describe('scriptRuns', () => {
  it('splits a line by script, keeping spaces and dandas in the run they follow', async () => {
    await newPdf({});
    expect(scriptRuns('₹1,234.00')).toEqual([
      { text: '₹', font: 'NotoSans-Devanagari' },
      { text: '1,234.00', font: 'NotoSans' },
    ]);
    expect(scriptRuns('अनन्या कपूर, Pune')).toEqual([
      { text: 'अनन्या कपूर', font: 'NotoSans-Devanagari' },
      { text: ', Pune', font: 'NotoSans' },
    ]);
    expect(scriptRuns('Flat 4, காந்தி நகர் ।', true)).toEqual([
      { text: 'Flat 4, ', font: 'NotoSans-Bold' },
      { text: 'காந்தி நகர் ।', font: 'NotoSansTamil-Bold' },
    ]);
    expect(scriptRuns('Bag ।')).toEqual([
      { text: 'Bag ', font: 'NotoSans' },
      { text: '।', font: 'NotoSans-Devanagari' },
    ]);
    expect(scriptRuns('ಕನ್ನಡ മലയാളം')).toEqual([
      { text: 'ಕನ್ನಡ ', font: 'NotoSansKannada' },
      { text: 'മലയാളം', font: 'NotoSansMalayalam' },
    ]);
  });
});

describe('pdfText', () => {
  it('prints each Indian script and the rupee sign in Noto Sans, regular and bold, embedding only subsets', async () => {
    const { doc, done } = await newPdf({ size: 'A4', margin: 48 });
    for (const [script, word] of Object.entries(WORDS)) {
      pdfText(doc, `${script}: ${word}`, { font: PDF_FONT, size: 10 });
      pdfText(doc, `${word} ${pdfMoney(asPaise(99_900))}`, { font: PDF_BOLD_FONT, size: 10, width: 200 });
    }
    doc.end();
    const pdf = await done;
    const text = (await readPdf(pdf)).text.replace(/\s+/g, '');
    for (const [script, word] of Object.entries(WORDS)) {
      expect(text).toContain(`${script}:${word}`.replace(/\s+/g, ''));
      expect(text).toContain(`${word}₹999.00`.replace(/\s+/g, ''));
    }
    const fonts = pdfFonts(pdf);
    expect(fonts.every((f) => f.subset)).toBe(true);
    const scripts = ['Bengali', 'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam'];
    expect(fonts.map((f) => f.name).sort()).toEqual(
      [
        // Latin, and Noto Sans' Devanagari file, which also has ₹.
        ...['NotoSans-Regular', 'NotoSans-Regular', 'NotoSans-Bold', 'NotoSans-Bold'],
        ...scripts.flatMap((script) => [`NotoSans${script}-Regular`, `NotoSans${script}-Bold`]),
      ].sort(),
    );
    // Subsets: twenty fonts in a few tens of kilobytes.
    expect(pdf.length).toBeLessThan(80_000);
  });

  it('aligns an amount to the right of its column and measures text as it writes it', async () => {
    const { doc } = await newPdf({ size: 'A4', margin: 48 });
    const style = { font: PDF_FONT, size: 8 } as const;
    const amount = pdfMoney(asPaise(12_345_600));
    const calls = vi.spyOn(doc, 'text');
    pdfText(doc, amount, 300, 100, { ...style, width: 100, align: 'right' });
    const [[firstRun, x, y], [secondRun]] = calls.mock.calls as unknown as Array<[string, number, number]>;
    expect([firstRun, secondRun]).toEqual(['₹', '1,23,456.00']);
    expect(x).toBeCloseTo(400 - pdfTextWidth(doc, amount, style), 6);
    expect(y).toBe(100);
    expect(doc.x).toBe(300);
    expect(doc.y).toBeCloseTo(100 + pdfTextHeight(doc, amount, { ...style, width: 100 }), 6);
    calls.mockRestore();

    const cases = [
      ['Trail Pack (Black)', 120],
      ['अनन्या कपूर\nLake View, காந்தி நகர்\nChennai 600001', 260],
      ['रेशमी थैला (काला) Silk Tote, a long name that wraps over lines, ₹1,000.00 off', 120],
      [`${pdfMoney(asPaise(2498))}\n${pdfMoney(asPaise(2497))}`, 64],
    ] as const;
    for (const [text, width] of cases) {
      const measured = pdfTextHeight(doc, text, { ...style, width });
      const top = doc.y;
      pdfText(doc, text, 48, top, { ...style, width });
      expect(doc.y - top, text).toBeCloseTo(measured, 6);
      expect(measured, text).toBeGreaterThan(text.split('\n').length * doc.currentLineHeight(true) - 1e-6);
    }
    expect(pdfTextHeight(doc, cases[2][0], { ...style, width: 120 })).toBeGreaterThan(2 * doc.currentLineHeight(true));
    // A line in an Indian script is as high as a Latin one, so mixed lines stay evenly spaced.
    for (const word of Object.values(WORDS)) {
      expect(pdfTextHeight(doc, word, { ...style, width: 120 })).toBeCloseTo(doc.currentLineHeight(true), 6);
    }
  });
});
