/** The customers area's public face for other features and the app shell (navbar search). */
export { CustomerSearchBox } from './components/customer-search-box';
