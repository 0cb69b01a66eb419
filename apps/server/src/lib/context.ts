import type { AppConfig } from '../config';
import type { Db, DbKind } from '../db/client';
import type { AgendaService } from '../modules/agenda/agenda.service';
import type { AuditRepository } from '../modules/audit/audit.repository';
import type { AuthService } from '../modules/auth/auth.service';
import type { BankService } from '../modules/bank/bank.service';
import type { CashCloseService } from '../modules/cash-close/cash-close.service';
import type { CustomersService } from '../modules/customers/customers.service';
import type { ExpensesService } from '../modules/expenses/expenses.service';
import type { FinanceService } from '../modules/finance/finance.service';
import type { LogsService } from '../modules/logs/logs.service';
import type { NotificationsService } from '../modules/notifications/notifications.service';
import type { PaymentsService } from '../modules/payments/payments.service';
import type { PresenceService } from '../modules/presence/presence.service';
import type { ReceiptsService } from '../modules/receipts/receipts.service';
import type { SupportService } from '../modules/support/support.service';
import type { UsersService } from '../modules/users/users.service';
import type { Hub } from '../plugins/realtime/hub';
import type { SecretBox } from './secret-box';

/** Everything a route module needs, built once in app.ts. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  dbKind: DbKind;
  hub: Hub;
  /** Seals router, site and messaging secrets at rest (AES-256-GCM, key from APP_SECRET). */
  secrets: SecretBox;
  audit: AuditRepository;
  auth: AuthService;
  users: UsersService;
  notifications: NotificationsService;
  presence: PresenceService;
  customers: CustomersService;
  logs: LogsService;
  support: SupportService;
  agenda: AgendaService;
  payments: PaymentsService;
  receipts: ReceiptsService;
  bank: BankService;
  finance: FinanceService;
  expenses: ExpensesService;
  cashClose: CashCloseService;
}
