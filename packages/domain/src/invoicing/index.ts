export * from './api-schema';
export * from './catalogs';
export * from './fiscal-data';
export * from './fiscal-data-schema';
export * from './global';
export * from './lines';
export * from './rfc';
export * from './status';
