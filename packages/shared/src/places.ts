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

/**
 * The GST state code of every state and union territory (the first two digits of a GSTIN registered there, and the
 * code of a place of supply), by the value the API stores. Dadra and Nagar Haveli and Daman and Diu is 26 since their
 * merger in January 2020 (Daman and Diu was 25); Andhra Pradesh is 37 (28 was the state before Telangana left it).
 */
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Orissa: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

const STATE_OF_GST_CODE = new Map(Object.entries(GST_STATE_CODES).map(([state, code]) => [code, state]));

/** The state's name as shoppers know it: 'Odisha' for the stored 'Orissa'; an unknown value as it is. */
export function stateLabel(state: string): string {
  return INDIAN_STATES.find((s) => s.value === state)?.label ?? state;
}

/** The two-digit GST code of a stored state value ('Maharashtra' → '27'), or undefined for one not in the list. */
export function gstStateCode(state: string): string | undefined {
  return Object.hasOwn(GST_STATE_CODES, state) ? GST_STATE_CODES[state] : undefined;
}

/** The stored state value of a two-digit GST code ('21' → 'Orissa'), or undefined for a code no state has. */
export function stateOfGstCode(code: string): string | undefined {
  return STATE_OF_GST_CODE.get(code);
}

/**
 * The place of supply as an invoice prints it: the delivery state's name and GST code, 'Maharashtra (27)',
 * 'Odisha (21)' for the stored 'Orissa'. A state without a code (none the address form offers) is printed as it is.
 */
export function placeOfSupply(state: string): string {
  const code = gstStateCode(state);
  return code ? `${stateLabel(state)} (${code})` : stateLabel(state);
}

/** The full world list, by ISO 3166-1 alpha-2 code, sorted by name. */
export const COUNTRIES: ReadonlyArray<{ code: string; name: string }> = Object.entries(countries)
  .map(([code, c]) => ({ code, name: c.name }))
  .sort((a, b) => a.name.localeCompare(b.name));

export const COUNTRY_CODES = new Set(COUNTRIES.map((c) => c.code));

export function countryName(code: string): string {
  return COUNTRIES.find((c) => c.code === code)?.name ?? code;
}
