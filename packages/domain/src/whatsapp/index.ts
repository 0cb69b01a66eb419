export * from './message';
export * from './phone';
export * from './schemas';
export * from './timing';
export * from './status';
