export * from './log-entry';
