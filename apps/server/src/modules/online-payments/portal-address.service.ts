import type { AppConfig } from '../../config';
import type { OnlinePaymentsRepository, StoredSettings } from './online-payments.repository';

/** Whether customers may pay online: switched on, with an access token (environment or saved). */
export function paysOnline(s: StoredSettings | undefined, envAccessToken: string | undefined): boolean {
  return !!s?.activo && !!(envAccessToken || s.accessTokenEnc);
}

/**
 * The portal's address that receipts and reminders print (Administración › Pagos en línea): '' while customers
 * cannot pay online or no address is set, so nothing points them to a portal that cannot take their payment
 * (docs/decisions.md, issue 24). Built before receipts and reminders, which the rest of online payments needs.
 */
export class PortalAddressService {
  constructor(
    private readonly repo: Pick<OnlinePaymentsRepository, 'settings'>,
    private readonly config: Pick<AppConfig, 'mercadoPago'>,
  ) {}

  async address(): Promise<string> {
    const s = await this.repo.settings();
    return paysOnline(s, this.config.mercadoPago.accessToken) ? (s?.urlPortal ?? '') : '';
  }
}
