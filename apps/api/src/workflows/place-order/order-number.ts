import crypto from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** 'ORD-' + 10 uppercase letters and digits, drawn without bias. */
export function newOrderNumber(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return `ORD-${code}`;
}
