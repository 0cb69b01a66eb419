/** The API docs area's public face for the app shell (user menu). */
export { openApiDocs } from './api/open-api-docs';
