export * from './visit';
export * from './visit-slots';
