export * from './schedule';
export * from './tasks';
