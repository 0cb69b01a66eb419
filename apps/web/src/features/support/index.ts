/** The support area's public face for other features (the customer panel). */
export { SupportTicketDialog } from './components/support-ticket-dialog';
export { CustomerSupportTab } from './components/customer-support-tab';
