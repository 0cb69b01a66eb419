export * from './service-types';
export * from './accounts';
export * from './accounts-schema';
export * from './support';
export * from './constants';
