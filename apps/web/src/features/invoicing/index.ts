/** The invoicing area's public face for other features: the contract form, the customer panel, Administración. */
export { FiscalDataSection } from './components/fiscal-data-section';
export { InvoicePaymentButton } from './components/invoice-payment-button';
export { InvoicingSettingsTab } from './components/invoicing-settings-tab';
