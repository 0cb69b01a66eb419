import './zod-locale';
export * from './access';
export * from './auth';
export * from './catalog';
export * from './format';
export * from './http';
export * from './notifications';
export * from './presence';
export * from './users';
