export * from './error-codes';
export * from './errors';
export * from './ids';
export * from './input';
export * from './paged';
