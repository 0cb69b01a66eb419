import { PAYMENT_PLACES } from '@airlink/domain';
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { categoriasGasto, cuentas, settings } from './schema';

/** Advisory lock taken while seeding, so two starting servers never seed twice. */
export const SEED_LOCK_KEY = 727_001;

/** Expense categories with the MUI icon each one shows. */
export const EXPENSE_CATEGORIES: ReadonlyArray<{ nombre: string; icono: string }> = [
  { nombre: 'Renta', icono: 'Home' },
  { nombre: 'Luz', icono: 'Bolt' },
  { nombre: 'Internet/Enlace', icono: 'Router' },
  { nombre: 'Nómina', icono: 'Groups' },
  { nombre: 'Combustible', icono: 'LocalGasStation' },
  { nombre: 'Equipo y refacciones', icono: 'Build' },
  { nombre: 'Papelería', icono: 'Description' },
  { nombre: 'Mantenimiento', icono: 'Handyman' },
  { nombre: 'Impuestos', icono: 'AccountBalance' },
  { nombre: 'Otros', icono: 'Category' },
];

/** Company data printed on receipts and contracts (settings key 'company'). */
export const COMPANY_SETTINGS = {
  nombreComercial: 'AirLink',
  razonSocial: 'AirLink Telecomunicaciones Inalámbricas, S.A. de C.V.',
  rfc: 'ATI150312KX4',
  regimenFiscal: '601 General de Ley Personas Morales',
  calle: 'Av. Juárez Norte',
  numero: '118',
  colonia: 'Centro',
  municipio: 'Tizayuca',
  estado: 'Hidalgo',
  cp: '43800',
  direccion: 'Av. Juárez Norte 118, Col. Centro, Tizayuca, Hidalgo, C.P. 43800',
  telefonos: ['779 796 1000', '771 718 4010'],
  whatsapp: '779 796 1003',
  email: 'contacto@airlink.mx',
  sitioWeb: 'https://www.airlink.mx',
  oficinas: [
    {
      nombre: 'Oficina Aurrera',
      direccion: 'Av. Juárez Norte 118, Centro, Tizayuca, Hgo.',
      telefono: '779 796 1000',
      idCuenta: 4,
    },
    {
      nombre: 'Oficina Pachuca',
      direccion: 'Calle Guerrero 705, Centro, Pachuca de Soto, Hgo.',
      telefono: '771 718 4010',
      idCuenta: 3,
    },
  ],
  horario: 'Lunes a sábado de 9:00 a 19:00',
  /** Banks for transfers, shown on receipts and reminders. */
  cuentasBancarias: [
    { banco: 'Banamex', titular: 'AirLink Telecomunicaciones Inalámbricas', clabe: '002290701234567891' },
  ],
  leyendaRecibo: 'Gracias por su pago. Conserve este recibo como comprobante.',
} as const;

/** Keeps the contract number sequence ahead of every number already used; never moves it back. */
export async function syncContractNumberSeq(db: Db): Promise<void> {
  await db.execute(sql`
    SELECT setval('contract_number_seq', GREATEST(
      (SELECT COALESCE(MAX(no), 0) FROM contratos),
      (SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM contract_number_seq)
    ) + 1, false)`);
}

/**
 * Reference data every installation needs, idempotent (run at every start): payment places with the
 * spec's ids and groups, expense categories (only into an empty table, so later edits stay), the
 * company data, and the contract number sequence past the highest number in use.
 */
export async function seedBase(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    await tx
      .insert(cuentas)
      .values(
        PAYMENT_PLACES.map((p, i) => ({ id: p.id, nombre: p.nombre, grupo: p.group, activo: true, orden: i + 1 })),
      )
      .onConflictDoNothing({ target: cuentas.id });
    const anyCategory = await tx.select({ id: categoriasGasto.id }).from(categoriasGasto).limit(1);
    if (anyCategory.length === 0) await tx.insert(categoriasGasto).values([...EXPENSE_CATEGORIES]);
    await tx
      .insert(settings)
      .values({ key: 'company', value: COMPANY_SETTINGS })
      .onConflictDoNothing({ target: settings.key });
    await syncContractNumberSeq(tx);
  });
}
