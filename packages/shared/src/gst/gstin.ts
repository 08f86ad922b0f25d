import { MSG } from '../messages.ts';
import { gstStateCode, placeOfSupply, stateOfGstCode } from '../places.ts';

/**
 * A business buyer's GSTIN (GST identification number) on an address, e.g. '27AAPFU0939F1ZV': 15 characters, the
 * state's two-digit code ('27'), the holder's PAN (5 letters, 4 digits, 1 letter: 'AAPFU0939F'), the entity number
 * (its registrations on that PAN in that state: 1–9, then A–Z), 'Z', and a check character.
 * The 14th character is 'Z' on every registration made on a PAN, which is what a business buyer has; the other kinds
 * of GST registration (tax deductors on a TAN, non-resident and foreign online suppliers, UN bodies) have other
 * layouts and do not buy on a B2B invoice here, so they count as a wrong format (docs/decisions/043-buyer-gstin.md).
 * The state code must be one a state or union territory has today (places.ts `GST_STATE_CODES`).
 */
export const GSTIN_LENGTH = 15;

/** The longest text the field takes before trimming: a GSTIN with some spaces around it, never a long string. */
export const GSTIN_INPUT_MAX = 40;

const GSTIN_LAYOUT = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The characters of the check, by value: '0'–'9' are 0–9, 'A'–'Z' are 10–35. */
const CODE_POINTS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const MOD = CODE_POINTS.length;

/** What a shopper types becomes the GSTIN: spaces around it dropped, letters in capitals. */
export function normaliseGstin(typed: string): string {
  return typed.trim().toUpperCase();
}

/**
 * The check character of the first 14 characters (GSTN's "Luhn mod 36"): each character's value is multiplied by 1
 * and 2 in turn from the left (2 on the 14th), a product of 36 or more counts as its quotient plus remainder by 36
 * (so every single wrong character changes the sum), and the check is what brings the sum to a multiple of 36.
 * `first14` must hold only digits and capital letters.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < first14.length; i++) {
    const product = CODE_POINTS.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / MOD) + (product % MOD);
  }
  return CODE_POINTS[(MOD - (sum % MOD)) % MOD];
}

/** Why a normalised GSTIN is not one: 'format' (layout or state code), 'checkCharacter' (a typo), or null. */
export function gstinProblem(gstin: string): 'format' | 'checkCharacter' | null {
  if (gstin.length !== GSTIN_LENGTH || !GSTIN_LAYOUT.test(gstin) || !stateOfGstCode(gstin.slice(0, 2))) {
    return 'format';
  }
  return gstinCheckCharacter(gstin.slice(0, GSTIN_LENGTH - 1)) === gstin[GSTIN_LENGTH - 1] ? null : 'checkCharacter';
}

/** True when the typed text, normalised, is a GSTIN. */
export function isValidGstin(typed: string): boolean {
  return gstinProblem(normaliseGstin(typed)) === null;
}

/** The message for a normalised GSTIN that is not one ('Enter a valid 15-character GSTIN', or its check character), or null. */
export function gstinMessage(gstin: string): string | null {
  const problem = gstinProblem(gstin);
  if (problem === 'format') return MSG.gstinInvalid;
  return problem === 'checkCharacter' ? MSG.gstinCheckCharacter : null;
}

/**
 * The message when a GSTIN cannot go on an address in `state` (a stored state value), or null: a GSTIN is registered
 * in one state (its first two digits), and a business buys on it for delivery there. Null as well when the GSTIN is
 * not one (`gstinMessage` says why) or the state is not a known one (the state field says so).
 */
export function gstinStateMessage(gstin: string, state: string): string | null {
  if (gstinProblem(gstin) !== null || !gstStateCode(state)) return null;
  const registeredIn = stateOfGstCode(gstin.slice(0, 2));
  return registeredIn && registeredIn !== state ? MSG.gstinOtherState(placeOfSupply(registeredIn)) : null;
}
