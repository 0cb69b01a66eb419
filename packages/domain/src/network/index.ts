export * from './airos-display';
export * from './bandwidth';
export * from './counters';
export * from './intervals';
export * from './stats';
export * from './tsv';
