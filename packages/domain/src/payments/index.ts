export * from './customer-payment';
