export * from './service-types';
export * from './accounts';
export * from './support';
export * from './constants';
