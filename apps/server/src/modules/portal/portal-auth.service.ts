import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import {
  afterWrongCode,
  codeUsable,
  displayId,
  isSignInLocked,
  mayIssueCode,
  parseContractReference,
  portalPhoneKey,
  portalPhoneMatches,
  sameDisplayId,
  PORTAL_CODE_MAX_TRIES,
  PORTAL_CODE_TTL_MS,
  PORTAL_LOCKED_MESSAGE,
  PORTAL_SESSION_DAYS,
  PORTAL_WRONG_CODE_MESSAGE,
} from '@airlink/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors';
import type { ReceiptDeliveryService } from '../receipt-delivery/receipt-delivery.service';
import type { PortalContract, PortalRepository } from './portal.repository';

/** The signed-in customer of a portal request. */
export interface PortalPrincipal {
  sessionId: string;
  contratoId: number;
}

export const PORTAL_RATE_LIMITED_MESSAGE =
  'Se pidieron demasiados códigos en la última hora. Espera un rato e intenta de nuevo.';

const HOUR_MS = 3_600_000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface PortalAuthOptions {
  /** Keys the codes' hashes (a stolen table does not give 6-digit codes away by brute force). */
  secret: string;
  now?: () => Date;
  log: FastifyBaseLogger;
}

/**
 * Sign-in without passwords (docs/business-rules.md "Customer portal"): a 6-digit code by WhatsApp from the
 * Cobranza instance, stored hashed; a portal session is a random cookie value stored hashed (revocable).
 */
export class PortalAuthService {
  private readonly now: () => Date;
  /** The last WhatsApp delivery started (the request never waits for it); tests await it. */
  delivery: Promise<void> = Promise.resolve();

  constructor(
    private readonly repo: PortalRepository,
    private readonly sender: Pick<ReceiptDeliveryService, 'sendTextBySystem'>,
    private readonly opts: PortalAuthOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  private codeHash(contratoId: number, code: string): string {
    return createHmac('sha256', this.opts.secret).update(`portal-code:${contratoId}:${code}`).digest('hex');
  }

  /** The contract a typed reference names (its number, or its whole display id), when active and authorized. */
  async findContract(reference: string): Promise<PortalContract | undefined> {
    const ref = parseContractReference(reference);
    if (!ref) return undefined;
    const contract = await this.repo.contractByNumber(ref.no);
    if (!contract || !contract.activo || contract.no === 0) return undefined;
    if (ref.displayId !== null && !sameDisplayId(ref.displayId, displayId(contract))) return undefined;
    return contract;
  }

  /**
   * Sends a code when the contract and phone match (and the contract is not locked); answers the same either
   * way. Over the hourly limits (per phone, per address, counted whether or not the pair exists): 429.
   */
  async requestCode(contrato: string, telefono: string, ip: string): Promise<void> {
    const now = this.now();
    const phoneKey = portalPhoneKey(telefono) ?? telefono.replace(/\D/g, '').slice(0, 20);
    const sent = await this.repo.codesSince(phoneKey, ip, new Date(now.getTime() - HOUR_MS));
    if (!mayIssueCode(sent)) throw new AppError(429, 'rate_limited', PORTAL_RATE_LIMITED_MESSAGE);
    const contract = await this.findContract(contrato);
    const matches = !!contract && portalPhoneMatches(telefono, contract.telefono);
    const lock = matches ? await this.repo.readLock(contract.id) : undefined;
    const send = matches && !(lock && isSignInLocked(lock, now));
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.repo.insertCode({
      contratoId: send ? contract.id : null,
      phoneKey,
      ip,
      codeHash: send ? this.codeHash(contract.id, code) : null,
      expiresAt: new Date(now.getTime() + PORTAL_CODE_TTL_MS),
      createdAt: now,
    });
    if (!send) return;
    const text =
      `Tu código para entrar al portal de AirLink es ${code}. Vence en 10 minutos. ` +
      'No lo compartas: AirLink nunca te lo pedirá.';
    // Not awaited by the request: its answer and timing are the same whether or not a code went out.
    this.delivery = this.sender.sendTextBySystem(contract.telefono, text).then(
      () => undefined,
      (err: unknown) => this.opts.log.warn({ err, contratoId: contract.id }, 'portal code not sent by WhatsApp'),
    );
  }

  /**
   * Opens a session for the right code: single use, 10 minutes, 5 tries per code; 5 wrong codes in a row lock the
   * contract's sign-in for 15 minutes. Unknown contract and wrong code answer alike.
   */
  async signIn(contrato: string, codigo: string): Promise<{ token: string; expiresAt: Date; nombre: string }> {
    const contract = await this.findContract(contrato);
    if (!contract) throw new AppError(401, 'unauthorized', PORTAL_WRONG_CODE_MESSAGE);
    const now = this.now();
    const outcome = await this.repo.transaction(async (tx) => {
      const lock = await this.repo.lockRow(contract.id, tx);
      if (isSignInLocked(lock, now)) return 'locked' as const;
      const codes = (await this.repo.usableCodes(contract.id, now, PORTAL_CODE_MAX_TRIES, tx)).filter((c) =>
        codeUsable(c, now),
      );
      const hash = this.codeHash(contract.id, codigo);
      const right = codes.find((c) => c.codeHash === hash);
      if (!right) {
        await this.repo.addTry(
          codes.map((c) => c.id),
          tx,
        );
        const next = afterWrongCode(lock, now);
        await this.repo.saveLock(contract.id, next, tx);
        return isSignInLocked(next, now) ? ('locked' as const) : ('wrong' as const);
      }
      await this.repo.markCodeUsed(right.id, now, tx);
      await this.repo.saveLock(contract.id, { wrong: 0, lockedUntil: null }, tx);
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + PORTAL_SESSION_DAYS * 24 * HOUR_MS);
      await this.repo.insertSession({ contratoId: contract.id, tokenHash: sha256(token), expiresAt }, tx);
      return { token, expiresAt };
    });
    if (outcome === 'locked') throw new AppError(429, 'rate_limited', PORTAL_LOCKED_MESSAGE);
    if (outcome === 'wrong') throw new AppError(401, 'unauthorized', PORTAL_WRONG_CODE_MESSAGE);
    return { ...outcome, nombre: contract.nombre };
  }

  /** The session a portal cookie opens, or null (unknown, expired, revoked, or the contract cancelled). */
  async authenticate(token: string | undefined): Promise<PortalPrincipal | null> {
    if (!token || token.length > 100) return null;
    const row = await this.repo.sessionByHash(sha256(token), this.now());
    return row ? { sessionId: row.id, contratoId: row.contratoId } : null;
  }

  async signOut(principal: PortalPrincipal): Promise<void> {
    await this.repo.revokeSession(principal.sessionId, this.now());
  }
}
