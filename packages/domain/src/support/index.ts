export * from './ticket';
