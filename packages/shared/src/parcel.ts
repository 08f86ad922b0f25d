/**
 * A product's parcel for the courier: its shipping weight and the package's sides (docs/product.md §3 Product,
 * docs/decisions/038-parcel-sizes.md). Whole grams and whole centimetres.
 */
export const WEIGHT_GRAMS_RANGE = { min: 1, max: 30_000 } as const;
export const PARCEL_CM_RANGE = { min: 1, max: 200 } as const;

/** What a product without its own figures ships as, unless the shop's settings say otherwise. */
export const DEFAULT_WEIGHT_GRAMS = 500;
export const DEFAULT_PARCEL_CM = '30x20x10';

export interface ParcelCm {
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

/** A side in whole centimetres: rounded up, kept within 1..200. */
export function parcelSide(cm: number): number {
  return Math.min(PARCEL_CM_RANGE.max, Math.max(PARCEL_CM_RANGE.min, Math.ceil(cm)));
}

const SIZE_SIDES = /^(\d+(?:\.\d+)?)Lx(\d+(?:\.\d+)?)Bx(\d+(?:\.\d+)?)Hcm$/;

/** The package's sides a product's size text gives ('30Lx12.5Bx45Hcm' → 30 × 13 × 45), or null. */
export function parcelFromSize(size: string): ParcelCm | null {
  const match = SIZE_SIDES.exec(size.trim());
  if (!match) return null;
  return {
    lengthCm: parcelSide(Number(match[1])),
    breadthCm: parcelSide(Number(match[2])),
    heightCm: parcelSide(Number(match[3])),
  };
}

const PARCEL_SETTING = /^(\d{1,3})x(\d{1,3})x(\d{1,3})$/;

/** The DEFAULT_PARCEL_CM setting ('30x20x10': length x breadth x height), or null when it is not three sides in range. */
export function parseParcelSetting(text: string): ParcelCm | null {
  const match = PARCEL_SETTING.exec(text.trim());
  if (!match) return null;
  const [lengthCm, breadthCm, heightCm] = match.slice(1).map(Number);
  const inRange = (v: number) => v >= PARCEL_CM_RANGE.min && v <= PARCEL_CM_RANGE.max;
  return [lengthCm, breadthCm, heightCm].every(inRange) ? { lengthCm, breadthCm, heightCm } : null;
}

/**
 * The box several units travel in: their weights added, the longest length and breadth, the heights stacked (each
 * side kept within 200 cm, the weight within 30 kg: what couriers take as one parcel).
 */
export function combinedParcel(
  units: ReadonlyArray<ParcelCm & { weightGrams: number; qty: number }>,
): ParcelCm & { weightGrams: number } {
  const weight = units.reduce((sum, u) => sum + u.weightGrams * u.qty, 0);
  return {
    weightGrams: Math.min(WEIGHT_GRAMS_RANGE.max, Math.max(WEIGHT_GRAMS_RANGE.min, weight)),
    lengthCm: parcelSide(Math.max(...units.map((u) => u.lengthCm))),
    breadthCm: parcelSide(Math.max(...units.map((u) => u.breadthCm))),
    heightCm: parcelSide(units.reduce((sum, u) => sum + u.heightCm * u.qty, 0)),
  };
}
