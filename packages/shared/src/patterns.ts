export const PHONE_PATTERN = /^\d{10}$/;
export const ZIPCODE_PATTERN = /^[1-9]\d{5}$/;
export const OTP_PATTERN = /^\d{6}$/;
/**
 * Letters of any script with their combining signs (a name typed in Devanagari or Tamil prints as typed on invoices,
 * docs/decisions/042-gst-on-what-is-paid.md), spaces and the punctuation of real names (apostrophe, dot, hyphen).
 */
export const PERSON_NAME_PATTERN = /^\p{L}[\p{L}\p{M} .'-]*$/u;
/** docs/product.md §5 "New password": 8+ chars, lower, upper, digit, one of @$!%*?&, nothing else. */
export const STRONG_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]{8,}$/;
