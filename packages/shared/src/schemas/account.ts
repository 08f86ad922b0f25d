import { z } from 'zod';
import { GSTIN_INPUT_MAX, gstinMessage, gstinStateMessage } from '../gst/gstin.ts';
import { MAX_PROFILE_PICTURES, TEXT_LIMITS } from '../limits.ts';
import { MSG } from '../messages.ts';
import { PERSON_NAME_PATTERN, PHONE_PATTERN, ZIPCODE_PATTERN } from '../patterns.ts';
import { COUNTRY_CODES, INDIAN_STATE_VALUES } from '../places.ts';
import { pagePosition, timestamp } from './answers.ts';
import { email, emailField, personName, phone, requiredText } from './fields.ts';
import { formFile } from './forms.ts';

/**
 * `currentPassword` is needed only when the email changes on an account that has a password (an account made with
 * Google confirms with a code sent to its current address instead); it is checked by the server.
 */
export const updateProfileSchema = z
  .strictObject({
    name: personName,
    email,
    phone,
    currentPassword: z
      .string({ error: MSG.emailChangePasswordRequired })
      .max(128, { error: MSG.currentPasswordWrong })
      .optional()
      .meta({ description: "The current password; required when `email` differs from the account's email." }),
  })
  .meta({ examples: [{ name: 'Asha Rao', email: 'asha.rao@example.in', phone: '9876543210' }] });
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

const ADDRESS_INPUT_EXAMPLE = {
  name: 'Lakshmi Narayanan Subramanian',
  houseName: 'Flat 4B, Lake View Apartments',
  landmark: 'Opposite Canara Bank',
  town: 'Bengaluru',
  street: '12th Cross, Indiranagar 2nd Stage',
  zipcode: '560038',
  state: 'Karnataka',
  country: 'IN',
  phone: '9876543210',
};

/** Longer than any state's name or country code the lists hold. */
const PLACE_NAME_MAX = 60;

/**
 * A business buyer's GSTIN (docs/product.md §5 Address): optional; missing, null or empty is none (null); otherwise
 * trimmed, in capitals and checked (gst/gstin.ts). Whether it belongs to the address's state is checked on the address.
 */
export const gstinField = z
  .string({ error: MSG.gstinInvalid })
  .max(GSTIN_INPUT_MAX, { error: MSG.gstinInvalid, abort: true })
  .trim()
  .toUpperCase()
  .superRefine((gstin, ctx) => {
    const message = gstin === '' ? null : gstinMessage(gstin);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .nullish()
  .transform((gstin) => gstin || null)
  .meta({
    description: "A registered business buyer's GSTIN, registered in the address's state; empty or null for none.",
  });

const addressFields = z.strictObject({
  name: requiredText(MSG.nameRequired)
    .max(TEXT_LIMITS.addressName, { error: MSG.addressNameMax })
    .regex(PERSON_NAME_PATTERN, { error: MSG.addressNameMax }),
  houseName: requiredText(MSG.houseNameRequired).max(TEXT_LIMITS.houseName, { error: MSG.houseNameMax }),
  town: requiredText(MSG.townRequired).max(TEXT_LIMITS.town, { error: MSG.townMax }),
  street: requiredText(MSG.streetRequired).max(TEXT_LIMITS.street, { error: MSG.streetMax }),
  /** A landmark a courier finds the house by ("Opposite Canara Bank"); optional. */
  landmark: z
    .string({ error: MSG.landmarkMax })
    .trim()
    .max(TEXT_LIMITS.landmark, { error: MSG.landmarkMax })
    .optional()
    .default(''),
  zipcode: z
    .string({ error: MSG.zipcodeInvalid })
    .trim()
    .max(6, { error: MSG.zipcodeInvalid })
    .regex(ZIPCODE_PATTERN, { error: MSG.zipcodeInvalid }),
  state: requiredText(MSG.stateRequired)
    .max(PLACE_NAME_MAX, { error: MSG.stateRequired })
    .refine((v) => INDIAN_STATE_VALUES.has(v), { error: MSG.stateRequired }),
  country: requiredText(MSG.countryRequired)
    .max(PLACE_NAME_MAX, { error: MSG.countryRequired })
    .refine((v) => COUNTRY_CODES.has(v), { error: MSG.countryRequired }),
  phone: z
    .string({ error: MSG.addressPhoneInvalid })
    .trim()
    .max(10, { error: MSG.addressPhoneInvalid })
    .regex(PHONE_PATTERN, { error: MSG.addressPhoneInvalid }),
  gstin: gstinField,
});

/** A GSTIN registered in another state than the address's: the message goes under the GSTIN field. */
function gstinOfTheAddressState(address: { state?: unknown; gstin?: unknown }, ctx: z.RefinementCtx) {
  if (typeof address.gstin !== 'string' || typeof address.state !== 'string') return;
  const message = gstinStateMessage(address.gstin, address.state);
  if (message) ctx.addIssue({ code: 'custom', path: ['gstin'], message });
}

export const addressSchema = addressFields
  .superRefine(gstinOfTheAddressState)
  .meta({ examples: [ADDRESS_INPUT_EXAMPLE, { ...ADDRESS_INPUT_EXAMPLE, gstin: '29AAGCB7383J1Z4' }] });
export type AddressInput = z.input<typeof addressSchema>;

/**
 * docs/product.md §7: the edit payload is the id plus the address fields; the id, when sent, is the one in the path.
 */
export const editAddressSchema = addressFields
  .extend({ id: z.uuid({ error: MSG.notFound }).optional() })
  .superRefine(gstinOfTheAddressState)
  .meta({ examples: [{ id: '5b0c8e2a-7d41-4f3a-9e6b-1c2d3e4f5a6b', ...ADDRESS_INPUT_EXAMPLE }] });

export const contactSchema = z
  .strictObject({
    name: requiredText(MSG.contactFillAll).max(60, { error: 'Name must be at most 60 characters' }),
    email: emailField(MSG.contactFillAll),
    message: requiredText(MSG.contactFillAll).max(2000, { error: 'Message must be at most 2000 characters' }),
  })
  .meta({
    examples: [
      {
        name: 'Asha Rao',
        email: 'asha.rao@example.in',
        message: 'Is the Wildcraft 30 L backpack back in stock in black? I would like two for a trek in Coorg.',
      },
    ],
  });
export type ContactInput = z.input<typeof contactSchema>;

export const listQuerySchema = z.strictObject({
  keyword: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
});

/** POST /api/user/upload/:id: one or more `image` files (repeat the part), up to the profile's picture limit. */
export const pictureUploadForm = z.object({ image: z.array(formFile).min(1).max(MAX_PROFILE_PICTURES) });

/** An acknowledgement with the message to show, e.g. `{ message: 'Address deleted successfully' }`. */
export function messageOf(example: string) {
  return z.object({ message: z.string() }).meta({ examples: [{ message: example }] });
}

const ADDRESS_EXAMPLE = {
  _id: '5b0c8e2a-7d41-4f3a-9e6b-1c2d3e4f5a6b',
  name: 'Asha Rao',
  houseName: 'Flat 4B, Lake View Apartments',
  landmark: 'Opposite Canara Bank',
  town: 'Bengaluru',
  street: '12th Cross, Indiranagar 2nd Stage',
  zipcode: '560038',
  state: 'Karnataka',
  country: 'IN',
  phone: '9876543210',
  gstin: '29AAGCB7383J1Z4',
};

/** An address of the user's address book, as the API answers it. */
export const addressAnswer = z
  .object({
    _id: z.string(),
    name: z.string(),
    houseName: z.string(),
    /** '' when the address has none. */
    landmark: z.string(),
    town: z.string(),
    street: z.string(),
    zipcode: z.string(),
    state: z.string(),
    country: z.string(),
    phone: z.string(),
    /** A registered business buyer's GSTIN, or null: orders to this address then get a B2B tax invoice. */
    gstin: z.string().nullable(),
  })
  .meta({ id: 'Address', examples: [ADDRESS_EXAMPLE] });

const USER_EXAMPLE = {
  _id: '0f8e4c1a-2b3d-4e5f-8a9b-7c6d5e4f3a2b',
  email: 'asha.rao@example.in',
  name: 'Asha Rao',
  phone: '9876543210',
  isAdmin: false,
  isExist: true,
  emailVerified: true,
  hasPassword: true,
  address: [ADDRESS_EXAMPLE],
  image: ['/uploads/users/0f8e4c1a-1.webp'],
};

/** A user as the API shows them to themselves: `isExist` is false while blocked; `image` holds picture URLs. */
export const userAnswer = z
  .object({
    _id: z.string(),
    email: z.string(),
    name: z.string(),
    phone: z.string(),
    isAdmin: z.boolean(),
    isExist: z.boolean(),
    emailVerified: z.boolean(),
    /** False for an account made with Google only: it confirms an email change with a code to its current address. */
    hasPassword: z.boolean(),
    address: z.array(addressAnswer),
    image: z.array(z.string()),
  })
  .meta({ id: 'User', examples: [USER_EXAMPLE] });

/** GET /api/user/account */
export const accountAnswer = z.object({ user: userAnswer }).meta({ examples: [{ user: USER_EXAMPLE }] });

/**
 * PUT /api/user/account/edit: `pendingEmail` when a new address waits for its code; `currentEmailCodeSent` when a
 * second code went to the current address (an account without a password), which the verify step needs as well.
 */
export const profileUpdatedAnswer = z
  .object({
    message: z.string(),
    user: userAnswer,
    pendingEmail: z.string().optional(),
    currentEmailCodeSent: z.boolean().optional(),
  })
  .meta({
    examples: [{ message: 'Profile updated successfully', user: USER_EXAMPLE, pendingEmail: 'asha.new@example.in' }],
  });

/** A change to the user answered with the user as it now is. */
export const userChangedAnswer = z
  .object({ message: z.string(), user: userAnswer })
  .meta({ examples: [{ message: 'Your email has been changed', user: USER_EXAMPLE }] });

/** GET /api/user/account/edit-address/:id */
export const addressOnlyAnswer = z
  .object({ address: addressAnswer })
  .meta({ examples: [{ address: ADDRESS_EXAMPLE }] });

/** POST add-address, PUT edit-address/:id */
export const addressSavedAnswer = z
  .object({ message: z.string(), address: addressAnswer })
  .meta({ examples: [{ message: 'Address added successfully', address: ADDRESS_EXAMPLE }] });

/** POST /api/user/upload/:id, DELETE /api/user/:id/:index: the user's pictures as they now are. */
export const picturesAnswer = z
  .object({ message: z.string(), image: z.array(z.string()) })
  .meta({ examples: [{ message: 'Profile picture saved', image: ['/uploads/users/0f8e4c1a-1.webp'] }] });

const ADMIN_USER_ROW_EXAMPLE = {
  _id: '0f8e4c1a-2b3d-4e5f-8a9b-7c6d5e4f3a2b',
  name: 'Asha Rao',
  email: 'asha.rao@example.in',
  phone: '9876543210',
  isAdmin: false,
  isExist: true,
  emailVerified: true,
  createdAt: '2026-11-02T05:30:00.000Z',
};

/** A user as an administrator's list shows them. */
export const adminUserRowAnswer = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    isAdmin: z.boolean(),
    isExist: z.boolean(),
    emailVerified: z.boolean(),
    createdAt: timestamp,
  })
  .meta({ id: 'AdminUserRow', examples: [ADMIN_USER_ROW_EXAMPLE] });

/** GET /api/user, GET /api/user/search/:keyword (administrators) */
export const adminUserListAnswer = z
  .object({
    users: z.array(adminUserRowAnswer),
    ...pagePosition,
  })
  .meta({ examples: [{ users: [ADMIN_USER_ROW_EXAMPLE], total: 1, page: 1, pages: 1 }] });

/** GET /api/user/:id (administrators) */
export const adminUserAnswer = z
  .object({ user: adminUserRowAnswer })
  .meta({ examples: [{ user: ADMIN_USER_ROW_EXAMPLE }] });

/** PUT /api/user/:id/unblock (administrators): blocks or unblocks, answering the user as they now are. */
export const adminUserChangedAnswer = z
  .object({ message: z.string(), user: adminUserRowAnswer })
  .meta({ examples: [{ message: 'User blocked', user: { ...ADMIN_USER_ROW_EXAMPLE, isExist: false } }] });

/** GET /api/user/search/:keyword */
export const userSearchParams = z.strictObject({ keyword: z.string().max(100) });
export const userPageQuery = listQuerySchema.pick({ page: true });

/** Examples other answers reuse (a session holds the user). */
export const USER_EXAMPLES = { user: USER_EXAMPLE, address: ADDRESS_EXAMPLE } as const;

export type AccountAnswer = z.infer<typeof accountAnswer>;
export type ProfileUpdatedAnswer = z.infer<typeof profileUpdatedAnswer>;
export type UserChangedAnswer = z.infer<typeof userChangedAnswer>;
export type AddressOnlyAnswer = z.infer<typeof addressOnlyAnswer>;
export type AddressSavedAnswer = z.infer<typeof addressSavedAnswer>;
export type PicturesAnswer = z.infer<typeof picturesAnswer>;
export type AdminUserChangedAnswer = z.infer<typeof adminUserChangedAnswer>;
export type EditAddressInput = z.input<typeof editAddressSchema>;
