export * from './log-entry';
export * from './describe-changes';
