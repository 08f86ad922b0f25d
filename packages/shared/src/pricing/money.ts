/**
 * Money is integer paise inside; the HTTP API speaks rupees with at most two decimals (docs/product.md §10).
 * The brand keeps the two apart: a plain number is not Paise, so the type checker shows every place where rupees
 * and paise meet, and each of them goes through `toPaise` or `toRupees` here, the only place that scales by 100.
 */
export type Paise = number & { readonly __brand: 'Paise' };

const PAISE_PER_RUPEE = 100;

/** Rupees (two decimals at most, as the API takes them) to paise, rounded to the paisa. */
export function toPaise(rupees: number): Paise {
  // + 0 turns a negative amount that rounds to nothing (−0) into 0.
  return (Math.round(rupees * PAISE_PER_RUPEE) + 0) as Paise;
}

export function toRupees(paise: Paise): number {
  return paise / PAISE_PER_RUPEE;
}

/** True for a rupee amount with at most two decimals (up to floating-point noise: 0.1 + 0.2 counts). */
export function hasWholePaise(rupees: number): boolean {
  return Math.abs(Math.round(rupees * PAISE_PER_RUPEE) - rupees * PAISE_PER_RUPEE) < 1e-6;
}

/**
 * A whole number of paise that comes from outside the type system: a literal, a database aggregate or a provider's
 * answer. Anything else is a bug, so it throws.
 */
export function asPaise(count: number): Paise {
  if (!Number.isSafeInteger(count)) throw new RangeError(`${count} is not a whole number of paise`);
  return count as Paise;
}

export const ZERO_PAISE = 0 as Paise;

export function sumPaise(amounts: readonly Paise[]): Paise {
  let total = 0;
  for (const amount of amounts) total += amount;
  return total as Paise;
}

export function addPaise(...amounts: readonly Paise[]): Paise {
  return sumPaise(amounts);
}

/** `from − less`; may be negative (a debit in the signed wallet ledger). */
export function subtractPaise(from: Paise, ...less: readonly Paise[]): Paise {
  return (from - sumPaise(less)) as Paise;
}

/** A unit amount times a whole quantity. */
export function timesQuantity(unit: Paise, quantity: number): Paise {
  if (!Number.isInteger(quantity)) throw new RangeError(`${quantity} is not a whole quantity`);
  // + 0 turns a negative amount times 0 (−0) into 0.
  return (unit * quantity + 0) as Paise;
}

/** Rounds half up to the paisa: `percentOf(1999, 5)` → 100 (99.95 → 100). */
export function percentOf(paise: Paise, percent: number): Paise {
  return Math.floor((paise * percent) / 100 + 0.5 + Number.EPSILON) as Paise;
}

/**
 * Splits `total` over `weights` in proportion, rounding by largest remainder (ties to the earlier line) so the
 * shares add up to `total` exactly.
 */
export function splitByWeight(total: Paise, weights: readonly number[]): Paise[] {
  const sum = weights.reduce((a, w) => a + w, 0);
  if (sum === 0 || total === 0) return weights.map(() => ZERO_PAISE);
  const shares = weights.map((w) => Math.floor((total * w) / sum));
  const remainders = weights.map((w, i) => ({ i, r: total * w - shares[i] * sum }));
  let left = total - shares.reduce((a, s) => a + s, 0);
  remainders.sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of remainders) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares.map(asPaise);
}

/**
 * The value inside an amount that includes tax at `percent`: amount × 100 / (100 + percent), rounded half up to the
 * paisa (₹50.00 at 5 % → ₹47.62). Integer arithmetic, so no floating-point noise decides a paisa.
 */
export function valueInside(amount: Paise, percent: number): Paise {
  const divisor = 100 + percent;
  return asPaise(Math.floor((amount * 200 + divisor) / (2 * divisor)));
}

export function minPaise(first: Paise, ...rest: readonly Paise[]): Paise {
  return Math.min(first, ...rest) as Paise;
}

export function maxPaise(first: Paise, ...rest: readonly Paise[]): Paise {
  return Math.max(first, ...rest) as Paise;
}

export function negatePaise(paise: Paise): Paise {
  return (0 - paise) as Paise;
}

export function absPaise(paise: Paise): Paise {
  return Math.abs(paise) as Paise;
}

/** Adds rupee amounts through paise, so 0.1 + 0.2 is exactly 0.3. */
export function sumRupees(amounts: readonly number[]): number {
  return toRupees(sumPaise(amounts.map(toPaise)));
}

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** ₹1,23,456.00 — Indian grouping, rupee sign. */
export function formatINR(paise: Paise): string {
  return inr.format(toRupees(paise));
}
