/**
 * One-time sign-in codes: typed by a person on the authorization page, so short and unambiguous (no 0/O,
 * 1/I/L): ten characters of a 31-letter alphabet (about 50 bits), shown as XXXXX-XXXXX. Five wrong tries
 * void a pending authorization, so guessing one is hopeless.
 */
export const LOGIN_CODE_TTL_SECONDS = 10 * 60;
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 10;

export async function newLoginCode(): Promise<string> {
  const { randomInt } = await import('node:crypto');
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The code as stored (hashed): upper case, without spaces or dashes; undefined when it cannot be one. */
export function normaliseLoginCode(typed: string): string | undefined {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== LENGTH || [...code].some((c) => !ALPHABET.includes(c))) return undefined;
  return code;
}
