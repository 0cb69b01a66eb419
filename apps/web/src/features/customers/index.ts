/** The customers area's public face for other features (the receipt print view). */
export { companyQueryOptions, useCompany } from './api/get-company';
