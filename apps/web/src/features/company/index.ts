/** The company area's public face: the company data printed on contracts and receipts, and its change. */
export { useCompany } from './api/get-company';
export { useUpdateCompany } from './api/update-company';
