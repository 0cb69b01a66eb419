export * from './account';
export * from './cash-close';
export * from './expense';
export * from './summary';
