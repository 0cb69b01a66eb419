export * from './company';
export * from './client-config';
