import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { GST_STATE_CODES } from '../places.ts';
import {
  GSTIN_LENGTH,
  gstinCheckCharacter,
  gstinMessage,
  gstinProblem,
  gstinStateMessage,
  isValidGstin,
  normaliseGstin,
} from './gstin.ts';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const ALPHANUMERIC = DIGITS + LETTERS;

const charOf = (chars: string) => fc.constantFrom(...chars.split(''));
const textOf = (chars: string, length: number) =>
  fc.array(charOf(chars), { minLength: length, maxLength: length }).map((list) => list.join(''));

/** A GSTIN as GSTN gives them: a state's code, a PAN, an entity number, 'Z' and the computed check character. */
const validGstin = fc
  .tuple(
    fc.constantFrom(...Object.values(GST_STATE_CODES)),
    textOf(LETTERS, 5),
    textOf(DIGITS, 4),
    charOf(LETTERS),
    charOf(`123456789${LETTERS}`),
  )
  .map(([state, panLetters, panDigits, panLast, entity]) => {
    const first14 = `${state}${panLetters}${panDigits}${panLast}${entity}Z`;
    return first14 + gstinCheckCharacter(first14);
  });

describe('GSTIN check character (GSTN, Luhn mod 36)', () => {
  // GSTINs printed in public documents: GSTN's own example ('27AAPFU0939F1ZV') and registered companies' ones.
  it.each(['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '27AAACR5055K1Z7', '29AABCT1332L1ZA'])('accepts %s', (gstin) => {
    expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin[14]);
    expect(gstinProblem(gstin)).toBeNull();
    expect(isValidGstin(gstin)).toBe(true);
  });

  it('finds a typo in the check character of a published one', () => {
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe('checkCharacter');
    expect(gstinMessage('27AAPFU0939F1ZW')).toBe(MSG.gstinCheckCharacter);
    // Two digits swapped in the PAN.
    expect(gstinProblem('27AAPFU9039F1ZV')).toBe('checkCharacter');
  });

  it('accepts every GSTIN made with its check character', () => {
    fc.assert(
      fc.property(validGstin, (gstin) => {
        expect(gstin).toHaveLength(GSTIN_LENGTH);
        expect(gstinProblem(gstin)).toBeNull();
        expect(gstinMessage(gstin)).toBeNull();
      }),
    );
  });

  it('refuses a GSTIN with any one character changed', () => {
    fc.assert(
      fc.property(
        validGstin,
        fc.nat({ max: GSTIN_LENGTH - 1 }),
        fc.constantFrom(...`${ALPHANUMERIC}abcz -/.`.split('')),
        (gstin, at, typed) => {
          fc.pre(typed !== gstin[at] && typed.toUpperCase() !== gstin[at]);
          const changed = gstin.slice(0, at) + typed + gstin.slice(at + 1);
          expect(gstinProblem(normaliseGstin(changed))).not.toBeNull();
          expect(isValidGstin(changed)).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('takes it in small letters and with spaces around it', () => {
    fc.assert(
      fc.property(validGstin, fc.string({ unit: fc.constantFrom(' ', '\t') }), (gstin, space) => {
        expect(isValidGstin(`${space}${gstin.toLowerCase()}${space}`)).toBe(true);
        expect(normaliseGstin(` ${gstin.toLowerCase()} `)).toBe(gstin);
      }),
    );
  });
});

describe('GSTIN format', () => {
  it.each([
    ['', 'empty'],
    ['27AAPFU0939F1Z', 'one character short'],
    ['27AAPFU0939F1ZVV', 'one character long'],
    ['2AAAPFU0939F1ZV', 'a letter in the state code'],
    ['00AAPFU0939F1ZV', 'no state has code 00'],
    ['25AAPFU0939F1ZV', "Daman and Diu's code before 2020"],
    ['28AAPFU0939F1ZV', "Andhra Pradesh's code before 2014"],
    ['97AAPFU0939F1ZV', 'Other Territory: no address state'],
    ['27AAPF10939F1ZV', 'a digit among the PAN letters'],
    ['27AAPFU093AF1ZV', 'a letter among the PAN digits'],
    ['27AAPFU093911ZV', 'a digit as the last PAN character'],
    ['27AAPFU0939F0ZV', 'entity number 0'],
    ['27AAPFU0939F1YV', 'not Z as the 14th character'],
    ['27AAPFU0939F1Z-', 'a sign as the check character'],
    ['27AAPFU 0939F1ZV', 'a space inside'],
  ])('%j is a wrong format (%s)', (gstin) => {
    expect(gstinProblem(gstin)).toBe('format');
    expect(gstinMessage(gstin)).toBe('Enter a valid 15-character GSTIN');
  });
});

describe('a GSTIN on an address in a state', () => {
  it('belongs to the state of its first two digits', () => {
    expect(gstinStateMessage('27AAPFU0939F1ZV', 'Maharashtra')).toBeNull();
    expect(gstinStateMessage('29AAGCB7383J1Z4', 'Karnataka')).toBeNull();
  });

  it('names the state it is registered in when the address is elsewhere', () => {
    expect(gstinStateMessage('27AAPFU0939F1ZV', 'Karnataka')).toBe(
      "This GSTIN is registered in Maharashtra (27), not in the address's state",
    );
    const odisha = `21AAPFU0939F1Z${gstinCheckCharacter('21AAPFU0939F1Z')}`;
    expect(gstinStateMessage(odisha, 'Orissa')).toBeNull();
    expect(gstinStateMessage(odisha, 'Kerala')).toBe(
      "This GSTIN is registered in Odisha (21), not in the address's state",
    );
  });

  it('leaves a GSTIN that is not one, and a state that is not one, to their own messages', () => {
    expect(gstinStateMessage('27AAPFU0939F1ZW', 'Karnataka')).toBeNull();
    expect(gstinStateMessage('27AAPFU0939F1ZV', 'Atlantis')).toBeNull();
  });
});
