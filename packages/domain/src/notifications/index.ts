export * from './notification';
export * from './notification-schema';
