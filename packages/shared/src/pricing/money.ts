/** Money is integer paise inside; the HTTP API speaks rupees with at most two decimals. */
export type Paise = number;

export function toPaise(rupees: number): Paise {
  return Math.round(rupees * 100);
}

export function toRupees(paise: Paise): number {
  return paise / 100;
}

/** Rounds half up to the paisa: `percentOf(1999, 5)` → 100 (99.95 → 100). */
export function percentOf(paise: Paise, percent: number): Paise {
  return Math.floor((paise * percent) / 100 + 0.5 + Number.EPSILON);
}

/** Adds rupee amounts through paise, so 0.1 + 0.2 is exactly 0.3. */
export function sumRupees(amounts: readonly number[]): number {
  return toRupees(amounts.reduce((sum, amount) => sum + toPaise(amount), 0));
}

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** ₹1,23,456.00 — Indian grouping, rupee sign. */
export function formatINR(paise: Paise): string {
  return inr.format(paise / 100);
}
