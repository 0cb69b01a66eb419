/*
 * The shapes of the portal's API (docs/api-contract.md "Customers' portal"), as the portal reads them. Plain types,
 * not zod schemas: the portal trusts its own server and keeps zod out of its first screen.
 */

export type AccountState = 'al_corriente' | 'con_retraso' | 'suspendido';

/** GET /api/portal/cuenta */
export interface PortalAccount {
  nombre: string;
  direccion: string;
  plan: { nombre: string; bajadaMbps?: number | null; subidaMbps?: number | null } | null;
  montoMensual: number;
  pagadoHasta: string | null;
  estado: AccountState;
  diasRetraso: number;
  fechaCorte: string | null;
  saldoAFavor: number;
  montoAPagar: number;
  cuentasBancarias: { banco: string; titular: string; clabe: string }[];
}

/** One row of GET /api/portal/pagos */
export interface PortalPayment {
  id: number | string;
  fecha: string;
  monto: number;
  periodoInicio: string | null;
  periodoFin: string | null;
  idRecibo: number | string | null;
}

export type IntentState = 'pendiente' | 'aprobado' | 'rechazado' | 'expirado' | 'reembolsado';

/** GET /api/portal/pagos/{id} */
export interface PaymentIntent {
  id: number | string;
  estado: IntentState;
  meses: number;
  monto: number;
  urlPago: string;
  idPago: number | string | null;
  idRecibo: number | string | null;
}

/** One row of GET /api/portal/tickets */
export interface PortalTicket {
  id: number | string;
  asunto: string;
  estado: string;
  fecha: string;
}
