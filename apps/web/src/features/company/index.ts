/** The company area's public face: the company data printed on contracts and receipts. */
export { useCompany } from './api/get-company';
