export * from './attendance';
export * from './departments';
export * from './employee';
export * from './vacation';
