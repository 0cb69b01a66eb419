import { companySchema, type Company } from '@airlink/domain';
import { AppError, notFound } from '../../lib/errors';
import type { CompanyRepository } from './company.repository';

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
};

/** Company settings: the data printed on contracts and receipts. */
export class CompanyService {
  constructor(private readonly repo: CompanyRepository) {}

  async company(): Promise<Company> {
    const value = await this.repo.read();
    if (value === undefined || value === null) {
      throw notFound('Faltan los datos de la empresa. Captúralos en Administración.');
    }
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
