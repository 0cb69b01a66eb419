/**
 * WhatsApp numbers and JIDs (docs/whatsapp.md "Phones"): digits only; exactly 10 digits not
 * starting with 52 get the country code 52; the provider address appends `@s.whatsapp.net`. Mexican mobiles
 * also arrive as `521` + 10 digits (the old mobile prefix): `phoneKey` folds both forms to `52` + 10 digits so
 * a conversation and a customer's phone match.
 */

export const PERSON_JID_SUFFIX = '@s.whatsapp.net';
export const GROUP_JID_SUFFIX = '@g.us';
export const INVALID_PHONE_MESSAGE = 'Número de teléfono inválido: escribe 10 dígitos o el número con código de país';

/** The spec's rule: digits only, and 52 before exactly 10 digits that do not start with 52. */
export function normalizePhone(input: string): string {
  const digits = input.replace(/\D/g, '');
  return digits.length === 10 && !digits.startsWith('52') ? `52${digits}` : digits;
}

/** `normalizePhone`, or null when the result cannot be a WhatsApp number (10 to 15 digits with country code). */
export function validPhone(input: string): string | null {
  const n = normalizePhone(input);
  return n.length >= 11 && n.length <= 15 ? n : null;
}

/** The provider address of a person: `5217711234567@s.whatsapp.net`. */
export function toPersonJid(input: string): string {
  return `${normalizePhone(input)}${PERSON_JID_SUFFIX}`;
}

export const isGroupJid = (jid: string): boolean => jid.endsWith(GROUP_JID_SUFFIX);
export const isPersonJid = (jid: string): boolean => jid.endsWith(PERSON_JID_SUFFIX);

/** The user part of a JID (`5217711234567@s.whatsapp.net` → `5217711234567`; a device suffix `:12` dropped). */
export function jidUser(jid: string): string {
  const at = jid.indexOf('@');
  const user = at < 0 ? jid : jid.slice(0, at);
  const colon = user.indexOf(':');
  return colon < 0 ? user : user.slice(0, colon);
}

/**
 * The comparable form of a Mexican phone: `52` + the 10-digit national number, whether it came as 10 digits,
 * `52…`, `521…` (mobile), with spaces, dashes or a JID suffix. Other countries keep their digits.
 */
export function phoneKey(input: string): string {
  const digits = jidUser(input).replace(/\D/g, '');
  if (digits.length === 10) return `52${digits}`;
  if (digits.length === 13 && digits.startsWith('521')) return `52${digits.slice(3)}`;
  return digits;
}

/** The 10-digit national number of a Mexican phone (for matching customers' `telefono`), or null. */
export function nationalNumber(input: string): string | null {
  const key = phoneKey(input);
  return key.length === 12 && key.startsWith('52') ? key.slice(2) : null;
}

/** Do two phones or JIDs name the same person (`7711234567`, `527711234567`, `5217711234567@s.whatsapp.net`)? */
export function samePhone(a: string, b: string): boolean {
  const ka = phoneKey(a);
  return ka !== '' && ka === phoneKey(b);
}

/** A group id as the provider wants it: `120363…@g.us` (the suffix added when missing). */
export function toGroupJid(input: string): string {
  const id = input.trim();
  return id.endsWith(GROUP_JID_SUFFIX) ? id : `${id}${GROUP_JID_SUFFIX}`;
}
