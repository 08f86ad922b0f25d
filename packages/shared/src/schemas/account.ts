import { z } from 'zod';
import { MAX_PROFILE_PICTURES, TEXT_LIMITS } from '../limits.ts';
import { MSG } from '../messages.ts';
import { PERSON_NAME_PATTERN, PHONE_PATTERN, ZIPCODE_PATTERN } from '../patterns.ts';
import { COUNTRY_CODES, INDIAN_STATE_VALUES } from '../places.ts';
import { email, emailField, personName, phone, requiredText } from './fields.ts';
import { formFile } from './forms.ts';

export const updateProfileSchema = z.strictObject({ name: personName, email, phone });
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/** Longer than any state's name or country code the lists hold. */
const PLACE_NAME_MAX = 60;

export const addressSchema = z.strictObject({
  name: requiredText(MSG.nameMax)
    .max(TEXT_LIMITS.addressName, { error: MSG.nameMax })
    .regex(PERSON_NAME_PATTERN, { error: MSG.nameMax }),
  houseName: requiredText(MSG.houseNameMax).max(TEXT_LIMITS.houseName, { error: MSG.houseNameMax }),
  town: requiredText(MSG.townMax).max(TEXT_LIMITS.town, { error: MSG.townMax }),
  street: requiredText(MSG.streetMax).max(TEXT_LIMITS.street, { error: MSG.streetMax }),
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
});
export type AddressInput = z.input<typeof addressSchema>;

/**
 * docs/product.md §7: the edit payload is the id plus the address fields; the id, when sent, is the one in the path.
 */
export const editAddressSchema = addressSchema.extend({ id: z.uuid({ error: MSG.notFound }).optional() });

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
