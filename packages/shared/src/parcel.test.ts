import { describe, expect, it } from 'vitest';
import { PARCEL_CM_RANGE, parcelFromSize, parseParcelSetting } from './parcel.ts';
import { SIZE_PATTERN } from './schemas/catalogue.ts';

describe('parcel sides (docs/decisions/038-parcel-sizes.md)', () => {
  it('reads the sides of a size, rounded up and kept within 1 to 200 cm', () => {
    expect(parcelFromSize('30Lx12Bx45Hcm')).toEqual({ lengthCm: 30, breadthCm: 12, heightCm: 45 });
    expect(parcelFromSize('10.2Lx2.5Bx7.0Hcm')).toEqual({ lengthCm: 11, breadthCm: 3, heightCm: 7 });
    expect(parcelFromSize('250Lx0Bx0.01Hcm')).toEqual({ lengthCm: PARCEL_CM_RANGE.max, breadthCm: 1, heightCm: 1 });
    for (const size of ['One size', '30x12x45', '30Lx12Bx45H', '', 'Lx12Bx45Hcm']) {
      expect(parcelFromSize(size), size).toBeNull();
    }
  });

  it('reads every size the product form accepts', () => {
    for (const size of ['1Lx1Bx1Hcm', '99.99Lx0.5Bx300Hcm', '30Lx12Bx45Hcm']) {
      expect(SIZE_PATTERN.test(size), size).toBe(true);
      expect(parcelFromSize(size), size).not.toBeNull();
    }
  });

  it('reads the DEFAULT_PARCEL_CM setting: three whole sides within range', () => {
    expect(parseParcelSetting('30x20x10')).toEqual({ lengthCm: 30, breadthCm: 20, heightCm: 10 });
    for (const text of ['30x20', '0x20x10', '30x201x10', '30.5x20x10', '30Lx20Bx10Hcm', '']) {
      expect(parseParcelSetting(text), text).toBeNull();
    }
  });
});
