export * from './company';
export * from './client-config';
export * from './client-config-schema';
export * from './business-settings';
