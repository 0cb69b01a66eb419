export * from './api-key';
