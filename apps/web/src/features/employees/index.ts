export { useEmployees } from './api/list-employees';
