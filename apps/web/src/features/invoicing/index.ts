/** The invoicing area's public face for other features: the contract form, the customer panel, Administración. */
export { FiscalDataSection } from './components/fiscal-data-section';
export { PaymentInvoiceCell } from './components/payment-invoice-cell';
export { InvoicingSettingsTab } from './components/invoicing-settings-tab';
