/** The navbar customer search lives with the customers area; the layout only places it. */
export { CustomerSearchBox } from '../../features/customers';
