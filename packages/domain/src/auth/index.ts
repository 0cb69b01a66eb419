export * from './session';
export * from './session-schemas';
