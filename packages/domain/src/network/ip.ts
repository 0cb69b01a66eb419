import { lineText } from '../http/input';

export const IPV4_INVALID_MESSAGE = 'La IP no es válida: usa el formato 10.20.0.15';

const OCTET = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** A dotted-decimal IPv4 address with four octets 0-255 and no leading zeros (`010.1.1.1` is ambiguous). */
export function isIpv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((p) => OCTET.test(p));
}

/** An optional IPv4 in a request: empty stays empty, anything else must be an address. */
export const optionalIpv4Input = (message = IPV4_INVALID_MESSAGE) =>
  lineText({ error: message })
    .max(15, message)
    .default('')
    .refine((v) => v === '' || isIpv4(v), message);

/** A router's host: an IPv4 address or a DNS name (letters, digits, hyphens and dots, 253 at most). */
export function isHostName(text: string): boolean {
  if (isIpv4(text)) return true;
  if (text.length === 0 || text.length > 253) return false;
  if (/^[\d.]+$/.test(text)) return false; // looks like an address but is not one
  return text.split('.').every((label) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i.test(label));
}

export const HOST_INVALID_MESSAGE = 'El host debe ser una IP (10.0.0.1) o un nombre (router.ejemplo.mx)';

export const hostInput = () =>
  lineText({ error: 'El host es obligatorio' })
    .min(1, 'El host es obligatorio')
    .max(253, HOST_INVALID_MESSAGE)
    .refine(isHostName, HOST_INVALID_MESSAGE);

/** An optional http(s) URL (a site's controller, a radio's management page). */
/** An http(s) address or '' (none), at most 300 characters, with Spanish messages naming the field. */
export const httpUrlText = (label: string) =>
  lineText({ error: `${label} debe ser texto` })
    .max(300, `${label}: máximo 300 caracteres`)
    .refine((v) => v === '' || isHttpUrl(v), `${label} debe empezar con http:// o https://`);

export const optionalHttpUrl = (label: string) => httpUrlText(label).default('');

function isHttpUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}
