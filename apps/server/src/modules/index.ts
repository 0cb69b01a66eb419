import type { ServerModule } from '../lib/module';
import { agendaModule } from './agenda/agenda.module';
import { apiKeysModule } from './api-keys/api-keys.module';
import { auditModule } from './audit/audit.module';
import { authModule } from './auth/auth.module';
import { automationModule } from './automation/automation.module';
import { bankModule } from './bank/bank.module';
import { cashCloseModule } from './cash-close/cash-close.module';
import { companyModule } from './company/company.module';
import { customersModule } from './customers/customers.module';
import { dailyReportModule } from './daily-report/daily-report.module';
import { employeesModule } from './employees/employees.module';
import { expensesModule } from './expenses/expenses.module';
import { financeModule } from './finance/finance.module';
import { healthModule } from './health/health.module';
import { invoicingModule } from './invoicing/invoicing.module';
import { jobsModule } from './jobs/jobs.module';
import { logsModule } from './logs/logs.module';
import { networkStatsModule } from './network-stats/network-stats.module';
import { networkModule } from './network/network.module';
import { notificationsModule } from './notifications/notifications.module';
import { onlinePaymentsModule } from './online-payments/online-payments.module';
import { portalAddressModule } from './online-payments/portal-address.module';
import { paymentsModule } from './payments/payments.module';
import { plansModule } from './plans/plans.module';
import { portalModule } from './portal/portal.module';
import { presenceModule } from './presence/presence.module';
import { receiptDeliveryModule } from './receipt-delivery/receipt-delivery.module';
import { receiptsModule } from './receipts/receipts.module';
import { remindersModule } from './reminders/reminders.module';
import { settingsModule } from './settings/settings.module';
import { supportModule } from './support/support.module';
import { usersModule } from './users/users.module';
import { whatsappModule } from './whatsapp/whatsapp.module';

/**
 * Every server area, in build order: a module's services may use those of the modules above it
 * (audit, notifications and logs come before the areas that write to them). app.ts builds the services
 * and registers the routes of each, in this order. A new area is a folder with its `*.module.ts` plus
 * one line here (docs/architecture.md, "Adding an area").
 */
export const MODULES: readonly ServerModule[] = [
  healthModule,
  jobsModule,
  authModule,
  auditModule,
  apiKeysModule,
  settingsModule,
  notificationsModule,
  usersModule,
  presenceModule,
  logsModule,
  plansModule,
  networkModule,
  customersModule,
  companyModule,
  supportModule,
  agendaModule,
  paymentsModule,
  portalAddressModule,
  receiptsModule,
  bankModule,
  financeModule,
  expensesModule,
  employeesModule,
  cashCloseModule,
  networkStatsModule,
  whatsappModule,
  automationModule,
  remindersModule,
  dailyReportModule,
  receiptDeliveryModule,
  invoicingModule,
  onlinePaymentsModule,
  portalModule,
];
