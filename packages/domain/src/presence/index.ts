export * from './connected-user';
