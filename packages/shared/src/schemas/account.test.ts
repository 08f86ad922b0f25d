import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { addressSchema, contactSchema, editAddressSchema, updateProfileSchema } from './account.ts';

/** The message zod gives at `path`, or undefined when that field passes. */
function messageAt(
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  path: string,
) {
  return result.error?.issues.find((issue) => issue.path.join('.') === path)?.message;
}

const goodAddress = {
  name: 'Asha Menon',
  houseName: 'Rose Villa',
  town: 'Kochi',
  street: 'MG Road',
  zipcode: '682001',
  state: 'Kerala',
  country: 'IN',
  phone: '9876543210',
};

describe('addressSchema (docs/product.md §5 Address)', () => {
  it('accepts a complete Indian address', () => {
    expect(addressSchema.safeParse(goodAddress).success).toBe(true);
  });

  it('accepts a name typed in an Indian script, as invoices print it (docs/decisions/042-gst-on-what-is-paid.md)', () => {
    for (const name of ['अनन्या कपूर', 'கவிதா', 'ਗੁਰਪ੍ਰੀਤ ਕੌਰ', "D'Souza-Rao"]) {
      expect(addressSchema.safeParse({ ...goodAddress, name }).success, name).toBe(true);
    }
    for (const name of ['अनन्या 1', '\u0301Asha', 'Asha\u0000']) {
      expect(messageAt(addressSchema.safeParse({ ...goodAddress, name }), 'name'), name).toBe(MSG.addressNameMax);
    }
  });

  it("accepts Odisha's stored value 'Orissa' and refuses the label", () => {
    expect(addressSchema.safeParse({ ...goodAddress, state: 'Orissa' }).success).toBe(true);
    expect(messageAt(addressSchema.safeParse({ ...goodAddress, state: 'Odisha' }), 'state')).toBe(MSG.stateRequired);
  });

  it.each([
    // Decision 054: the limits of real Indian addresses, and an empty field says it is required.
    ['name', '', MSG.nameRequired],
    ['name', 'A'.repeat(81), MSG.addressNameMax],
    ['name', 'Asha 123', MSG.addressNameMax],
    ['houseName', 'H'.repeat(121), MSG.houseNameMax],
    ['houseName', '', MSG.houseNameRequired],
    ['town', 'T'.repeat(61), MSG.townMax],
    ['town', '', MSG.townRequired],
    ['street', 'S'.repeat(161), MSG.streetMax],
    ['street', '', MSG.streetRequired],
    ['landmark', 'L'.repeat(81), MSG.landmarkMax],
    ['zipcode', '012345', MSG.zipcodeInvalid],
    ['zipcode', '68200', MSG.zipcodeInvalid],
    ['zipcode', '6820011', MSG.zipcodeInvalid],
    ['zipcode', '68200a', MSG.zipcodeInvalid],
    ['zipcode', '', MSG.zipcodeInvalid],
    ['state', '', MSG.stateRequired],
    ['state', 'Atlantis', MSG.stateRequired],
    ['country', '', MSG.countryRequired],
    ['country', 'XX', MSG.countryRequired],
    ['phone', '98765', MSG.addressPhoneInvalid],
    ['phone', '98765432101', MSG.addressPhoneInvalid],
    ['phone', '98765abcde', MSG.addressPhoneInvalid],
    ['phone', '', MSG.addressPhoneInvalid],
  ])('%s = %j → %s', (field, value, message) => {
    const result = addressSchema.safeParse({ ...goodAddress, [field]: value });
    expect(result.success).toBe(false);
    expect(messageAt(result, field)).toBe(message);
  });

  it.each([
    ['name', 'A'.repeat(80)],
    ['name', 'Lakshmi Narayanan Subramanian'],
    ['houseName', 'H'.repeat(120)],
    ['town', 'T'.repeat(60)],
    ['town', 'Thiruvananthapuram'],
    ['town', 'Pimpri-Chinchwad'],
    ['street', 'S'.repeat(160)],
    ['street', '12th Cross, Indiranagar 2nd Stage'],
    ['landmark', 'L'.repeat(80)],
    ['landmark', ''],
    ['zipcode', '110001'],
    ['country', 'US'],
  ])('%s at its limit (%j) passes', (field, value) => {
    expect(addressSchema.safeParse({ ...goodAddress, [field]: value }).success).toBe(true);
  });

  it.each([
    ['name', MSG.nameRequired],
    ['houseName', MSG.houseNameRequired],
    ['town', MSG.townRequired],
    ['street', MSG.streetRequired],
    ['zipcode', MSG.zipcodeInvalid],
    ['state', MSG.stateRequired],
    ['country', MSG.countryRequired],
    ['phone', MSG.addressPhoneInvalid],
  ])('a missing %s gives %s', (field, message) => {
    const { [field as keyof typeof goodAddress]: _left, ...rest } = goodAddress;
    expect(messageAt(addressSchema.safeParse(rest), field)).toBe(message);
  });

  it('refuses unknown fields', () => {
    expect(addressSchema.safeParse({ ...goodAddress, extra: 1 }).success).toBe(false);
  });

  it('edit payload may carry the id, which must be an id', () => {
    const id = '4d2c1a9e-7f3b-4c8d-8e6a-2b5f9c0d1e22';
    expect(editAddressSchema.safeParse({ ...goodAddress, id }).success).toBe(true);
    expect(editAddressSchema.safeParse({ ...goodAddress, id: 'a1' }).success).toBe(false);
    expect(addressSchema.safeParse({ ...goodAddress, id }).success).toBe(false);
  });
});

describe("an address's GSTIN (docs/product.md §5 Address)", () => {
  // goodAddress is in Kerala (32); '32AAPFU0939F1Z' + its check character is a GSTIN registered there.
  const kerala = '32AAPFU0939F1Z4';

  it('is optional: missing, null and empty are none', () => {
    for (const gstin of [undefined, null, '', '   ']) {
      const result = addressSchema.safeParse({ ...goodAddress, gstin });
      expect(result.success && result.data.gstin).toBeNull();
    }
  });

  it('is kept trimmed and in capitals', () => {
    const result = addressSchema.safeParse({ ...goodAddress, gstin: ` ${kerala.toLowerCase()} ` });
    expect(result.success && result.data.gstin).toBe(kerala);
  });

  it.each([
    ['32AAPFU0939F1Z', MSG.gstinInvalid],
    ['32AAPFU0939F1Z4'.repeat(3), MSG.gstinInvalid],
    ['32AAPFU0939F1Z5', MSG.gstinCheckCharacter],
    ['27AAPFU0939F1ZV', "This GSTIN is registered in Maharashtra (27), not in the address's state"],
  ])('%j → %s under the GSTIN', (gstin, message) => {
    const result = addressSchema.safeParse({ ...goodAddress, gstin });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['gstin', message]]);
  });

  it("is checked against the edited address's state too", () => {
    const edit = { ...goodAddress, id: '4d2c1a9e-7f3b-4c8d-8e6a-2b5f9c0d1e22' };
    expect(editAddressSchema.safeParse({ ...edit, gstin: kerala }).success).toBe(true);
    const moved = editAddressSchema.safeParse({ ...edit, state: 'Maharashtra', gstin: kerala });
    expect(messageAt(moved, 'gstin')).toBe("This GSTIN is registered in Kerala (32), not in the address's state");
  });

  it("gives its own message beside the other fields' messages", () => {
    const result = addressSchema.safeParse({ ...goodAddress, zipcode: '0', gstin: '27AAPFU0939F1ZV' });
    expect(messageAt(result, 'zipcode')).toBe(MSG.zipcodeInvalid);
    expect(messageAt(result, 'gstin')).toBe(MSG.gstinOtherState('Maharashtra (27)'));
  });

  it('is left alone when the state is not one', () => {
    const result = addressSchema.safeParse({ ...goodAddress, state: 'Atlantis', gstin: kerala });
    expect(messageAt(result, 'state')).toBe(MSG.stateRequired);
    expect(messageAt(result, 'gstin')).toBeUndefined();
  });
});

describe('updateProfileSchema (docs/product.md §3 Updated user, §5)', () => {
  const goodProfile = { name: 'Asha Menon', email: 'Asha@Example.in', phone: '9876543210' };

  it('accepts a profile and lower-cases the email', () => {
    const result = updateProfileSchema.safeParse(goodProfile);
    expect(result.success && result.data.email).toBe('asha@example.in');
  });

  it.each([
    ['name', '', MSG.nameRequired],
    ['name', 'N'.repeat(26), MSG.nameMax],
    ['email', '', MSG.emailRequired],
    ['email', 'asha@', MSG.emailInvalid],
    ['email', 'asha example.in', MSG.emailInvalid],
    ['phone', '12345', MSG.phoneInvalid],
    ['phone', '12345678901', MSG.phoneInvalid],
    ['phone', '', MSG.phoneInvalid],
  ])('%s = %j → %s', (field, value, message) => {
    const result = updateProfileSchema.safeParse({ ...goodProfile, [field]: value });
    expect(result.success).toBe(false);
    expect(messageAt(result, field)).toBe(message);
  });

  it('a name of exactly 25 letters passes', () => {
    expect(updateProfileSchema.safeParse({ ...goodProfile, name: 'N'.repeat(25) }).success).toBe(true);
  });
});

describe('contactSchema (docs/product.md §5 Contact)', () => {
  const goodMessage = { name: 'Ravi', email: 'ravi@example.in', message: 'Do you ship to Pune?' };

  it('accepts a complete message', () => {
    expect(contactSchema.safeParse(goodMessage).success).toBe(true);
  });

  it.each([
    ['name', ''],
    ['name', '   '],
    ['email', ''],
    ['message', ''],
  ])('an empty %s (%j) asks to fill out all fields', (field, value) => {
    const result = contactSchema.safeParse({ ...goodMessage, [field]: value });
    expect(messageAt(result, field)).toBe(MSG.contactFillAll);
  });

  it.each(['name', 'email', 'message'])('a missing %s asks to fill out all fields', (field) => {
    const { [field as keyof typeof goodMessage]: _left, ...rest } = goodMessage;
    expect(messageAt(contactSchema.safeParse(rest), field)).toBe(MSG.contactFillAll);
  });

  it('an email of a wrong format is invalid', () => {
    expect(messageAt(contactSchema.safeParse({ ...goodMessage, email: 'ravi@' }), 'email')).toBe(MSG.emailInvalid);
  });
});
