export * from './amount';
export * from './amount-in-words';
export * from './bank-statement';
export * from './coverage';
export * from './customer-payment';
export * from './payment';
export * from './payment-registered';
export * from './period';
