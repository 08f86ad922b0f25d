import { countries } from 'countries-list';

/** Indian states and union territories; `value` is what the API stores (Odisha is sent as 'Orissa'). */
export const INDIAN_STATES: ReadonlyArray<{ value: string; label: string }> = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
].map((label) => ({ label, value: label === 'Odisha' ? 'Orissa' : label }));

export const INDIAN_STATE_VALUES = new Set(INDIAN_STATES.map((s) => s.value));

/** The full world list, by ISO 3166-1 alpha-2 code, sorted by name. */
export const COUNTRIES: ReadonlyArray<{ code: string; name: string }> = Object.entries(countries)
  .map(([code, c]) => ({ code, name: c.name }))
  .sort((a, b) => a.name.localeCompare(b.name));

export const COUNTRY_CODES = new Set(COUNTRIES.map((c) => c.code));

export function countryName(code: string): string {
  return COUNTRIES.find((c) => c.code === code)?.name ?? code;
}
