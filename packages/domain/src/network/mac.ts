import { z } from '../zod';
import { lineText } from '../http/input';

export const MAC_INVALID_MESSAGE = 'La MAC debe tener el formato AA:BB:CC:DD:EE:FF';

/** Six pairs with one separator (`:`, `-` or space), three dotted quads (Cisco) or twelve bare digits. */
const MAC_FORMS = [
  /^[0-9a-f]{2}([:\- ])[0-9a-f]{2}(\1[0-9a-f]{2}){4}$/i,
  /^[0-9a-f]{4}\.[0-9a-f]{4}\.[0-9a-f]{4}$/i,
  /^[0-9a-f]{12}$/i,
];

/**
 * A MAC address in any common notation (`aa:bb:cc:dd:ee:ff`, `AA-BB-CC-DD-EE-FF`, `aabb.ccdd.eeff`,
 * `aabbccddeeff`) as AirLink stores and compares it: upper case with colons (docs/network.md "Contracts and radios"). Null for
 * anything else, including the all-zero address a radio reports when it has none.
 */
export function normalizeMac(text: string): string | null {
  const t = text.trim();
  if (!MAC_FORMS.some((re) => re.test(t))) return null;
  const hex = t.replace(/[:\-. ]/g, '').toUpperCase();
  if (/^0{12}$/.test(hex)) return null;
  return hex.match(/.{2}/g)!.join(':');
}

/** A required MAC in a request: normalised, or a Spanish 400. */
export const macInput = (missing = 'La MAC es obligatoria') =>
  lineText({ error: missing })
    .min(1, missing)
    .max(40, MAC_INVALID_MESSAGE)
    .transform((v, ctx) => {
      const mac = normalizeMac(v);
      if (mac === null) {
        ctx.addIssue({ code: 'custom', message: MAC_INVALID_MESSAGE });
        return z.NEVER;
      }
      return mac;
    });

/** An optional MAC (the contract's radio): empty stays empty, anything else is normalised or refused. */
export const optionalMacInput = () =>
  lineText({ error: MAC_INVALID_MESSAGE })
    .max(40, MAC_INVALID_MESSAGE)
    .default('')
    .transform((v, ctx) => {
      if (v === '') return '';
      const mac = normalizeMac(v);
      if (mac === null) {
        ctx.addIssue({ code: 'custom', message: MAC_INVALID_MESSAGE });
        return z.NEVER;
      }
      return mac;
    });
