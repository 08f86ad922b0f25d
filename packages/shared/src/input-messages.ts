/** Answers to requests the API cannot take as sent, whichever route they reach. */
export const INPUT_MSG = {
  bodyNotObject: 'Send the fields as one JSON object',
  nulCharacter: 'Text must not contain NUL characters',
  badAddress: 'This address is not valid',
  requestTooLarge: 'The request is too large',
  formUnreadable: 'The form could not be read. Please send it again.',
  tooManyFiles: 'Too many files in one form',
  tooManyFields: 'Too many fields in one form',
  fieldTooLong: 'This field is too long',
  fileExpected: 'Choose a file for this field',
  textExpected: 'Send this field as text, not as a file',
  idMismatch: 'The id in the body does not match the address',
} as const;
