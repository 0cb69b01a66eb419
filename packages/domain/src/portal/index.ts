export * from './portal';
export * from './online-payment';
export * from './portal-schemas';
