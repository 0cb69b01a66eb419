export * from './levels';
export * from './pages';
export * from './actions';
export * from './api-key-profiles';
