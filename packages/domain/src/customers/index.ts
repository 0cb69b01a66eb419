export * from './business-days';
export * from './changes';
export * from './contract';
export * from './display-id';
export * from './lateness';
export * from './search';
export * from './contract-changed';
