export * from './expense';
