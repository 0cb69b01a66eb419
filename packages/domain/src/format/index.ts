export * from './format';
export * from './text';
