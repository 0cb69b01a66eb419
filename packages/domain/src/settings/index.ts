export * from './company';
export * from './client-config';
export * from './business-settings';
