import { companySchema, type Company, type companyInputSchema } from '@airlink/domain';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/errors';
import type { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.service';
import type { CompanyRepository } from './company.repository';

type CompanyInput = z.output<typeof companyInputSchema>;

/** Missing keys of a stored company value read as empty, so older values still print. */
const EMPTY_COMPANY: Company = {
  nombreComercial: '',
  razonSocial: '',
  rfc: '',
  direccion: '',
  telefonos: [],
  whatsapp: '',
  email: '',
  sitioWeb: '',
  horario: '',
  oficinas: [],
  cuentasBancarias: [],
  leyendaRecibo: '',
  logo: '',
};

/** Company settings: the data printed on contracts and receipts (Administración, tab Empresa). */
export class CompanyService {
  constructor(
    private readonly repo: CompanyRepository,
    private readonly audit: AuditService,
  ) {}

  async company(): Promise<Company> {
    const value = await this.repo.read();
    if (value === undefined || value === null) {
      throw notFound('Faltan los datos de la empresa. Captúralos en Administración.');
    }
    return this.parse(value);
  }

  /**
   * Replaces the company data; offices and bank accounts absent from the input keep their stored value, and
   * so do stored keys the page does not edit (fiscal regime, street…). One transaction with its audit row.
   */
  async update(actor: AuthUser, input: CompanyInput): Promise<Company> {
    return this.repo.transaction(async (tx) => {
      const stored = await this.repo.read(tx, true);
      const storedObject = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
      const before = stored === undefined || stored === null ? null : this.parse(stored);
      const value = {
        ...storedObject,
        ...input,
        oficinas: input.oficinas ?? before?.oficinas ?? [],
        cuentasBancarias: input.cuentasBancarias ?? before?.cuentasBancarias ?? [],
      };
      await this.repo.write(value, actor.id, tx);
      const after = this.parse(value);
      await this.audit.record(
        // The logo is a large data URL: the audit row says whether it changed, not its bytes.
        {
          actor,
          action: 'update',
          entity: 'company',
          before: before && { ...before, logo: before.logo ? '(imagen)' : '' },
          after: { ...after, logo: after.logo === before?.logo ? (after.logo ? '(imagen)' : '') : '(imagen nueva)' },
        },
        tx,
      );
      return after;
    });
  }

  private parse(value: unknown): Company {
    const parsed = companySchema.safeParse({ ...EMPTY_COMPANY, ...(value as object) });
    if (!parsed.success) {
      throw new AppError(
        500,
        'invalid_company',
        'Los datos guardados de la empresa no son válidos. Revísalos en Administración.',
      );
    }
    return parsed.data;
  }
}
