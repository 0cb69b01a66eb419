import { buildCustomers, type Customer } from './build-customers';
import { buildExpenses, type CategoryIds, type Gasto } from './build-finance';
import { buildMessaging, type MessagingResult } from './build-messaging';
import { buildNetwork, type NetworkResult } from './build-network';
import { buildNetworkHistory, type NetworkHistoryResult } from './build-network-history';
import { buildOperations, type OperationsResult } from './build-operations';
import { buildPayments, type PaymentsResult } from './build-payments';
import { buildStaff, type StaffResult } from './build-staff';
import { createContext, type ContratoRow } from './context';

export interface DemoData extends StaffResult, NetworkResult, NetworkHistoryResult, OperationsResult, MessagingResult {
  contratos: ContratoRow[];
  pagos: PaymentsResult['pagos'];
  recibos: PaymentsResult['recibos'];
  movimientos: PaymentsResult['movimientos'];
  gastos: Gasto[];
  /** The customers with how they behave (not stored; useful to tests). */
  customers: Customer[];
}

/** Builds every demo row in memory, deterministically for a given `now`. */
export function buildDemoData(now: Date, categories: CategoryIds): DemoData {
  const ctx = createContext(now);
  const staff = buildStaff(ctx);
  const customers = buildCustomers(ctx);
  const payments = buildPayments(ctx, customers);
  // contratos.pagado_hasta: the last period paid, or the contract date while there is none.
  for (const c of customers) c.row.pagadoHasta = payments.paidUntil.get(c.row.id) ?? c.row.fechaContratacion;
  const network = buildNetwork(ctx, customers);
  const clientsByRouter = new Map<number, number>();
  for (const c of customers)
    if (c.row.routerId != null) clientsByRouter.set(c.row.routerId, (clientsByRouter.get(c.row.routerId) ?? 0) + 1);
  const networkHistory = buildNetworkHistory(ctx, network, clientsByRouter);
  const operations = buildOperations(ctx, customers, payments.events);
  const gastos = buildExpenses(ctx, categories);
  const messaging = buildMessaging(ctx, customers);
  return {
    ...staff,
    ...network,
    ...networkHistory,
    ...operations,
    ...messaging,
    contratos: customers.map((c) => c.row),
    pagos: payments.pagos,
    recibos: payments.recibos,
    movimientos: payments.movimientos,
    gastos,
    customers,
  };
}
