/**
 * Every `error` code the API answers with (docs/api-contract.md), in one typed list shared by the server's
 * AppError and the web's ApiError: a code the other side does not know is a type error, not a silent
 * mismatch. Add a code here before throwing it.
 */
export const API_ERROR_CODES = [
  // Requests and HTTP
  'bad_request',
  'validation',
  'invalid_text',
  'unsupported_media_type',
  'payload_too_large',
  'uri_too_long',
  'headers_too_large',
  'request_timeout',
  'rate_limited',
  'not_found',
  // Sessions and access
  'unauthorized',
  'forbidden',
  // The process and its dependencies
  'internal',
  'database_unavailable',
  'shutting_down',
  'not_ready',
  // Customers and contracts
  'version_conflict',
  'contract_cancelled',
  'already_authorized',
  'already_cut',
  'not_cut',
  'invalid_company',
  // Users
  'email_taken',
  'self_change',
  // API keys
  'api_key_name_taken',
  // Employees, attendance and vacations
  'employee_taken',
  'employee_has_records',
  'employee_linked',
  'attendance_day_taken',
  'vacation_conflict',
  'vacation_days_exceeded',
  // Agenda
  'invalid_slot',
  'slot_taken',
  // Payments and bank movements
  'below_month',
  'reconnection_below_month',
  'movement_used',
  'deposit_amount_mismatch',
  'idempotency_mismatch',
  'cash_day_closed',
  'invalid_statement',
  'invalid_columns',
  // Cash close
  'already_closed',
  'not_closed',
  // Network: sites, routers, radios
  'site_in_use',
  'router_in_use',
  'mac_taken',
  // Plans on the router
  'pppoe_user_taken',
  'ip_taken',
  'router_unavailable',
  'entry_linked',
  // Administración: accounts and expense categories
  'category_taken',
  'category_in_use',
  'account_inactive',
  // WhatsApp (Evolution API)
  'whatsapp_instance_taken',
  'whatsapp_instance_in_use',
  'whatsapp_no_key',
  'whatsapp_not_connected',
  'whatsapp_provider',
  // Cortes programados
  'not_run_day',
  'run_exists',
  'confirmation_required',
  'run_not_undoable',
  'run_not_cancellable',
  'job_running',
  // Invoicing (CFDI)
  'invoicing_off',
  'invoice_exists',
  'invoice_not_cancelable',
  'invoice_not_valid',
  'invoice_without_customer',
  'global_invoice_exists',
  'fiscal_data_missing',
  'pac_unavailable',
  // Customer portal and online payments
  'online_payments_off',
  'mercadopago_unavailable',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

const KNOWN = new Set<string>(API_ERROR_CODES);

/** Whether a code read from an answer is one of ours (a proxy or an older server may send others). */
export function isApiErrorCode(code: unknown): code is ApiErrorCode {
  return typeof code === 'string' && KNOWN.has(code);
}
