/** The agenda area's public face for other features (the customer panel). */
export { VisitDialog } from './components/visit-dialog';
export { CustomerVisitsTab } from './components/customer-visits-tab';
