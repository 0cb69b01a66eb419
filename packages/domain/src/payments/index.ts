export * from './amount';
export * from './bank-statement';
export * from './customer-payment';
export * from './period';
