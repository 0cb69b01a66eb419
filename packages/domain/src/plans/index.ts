export * from './plans';
export * from './provisioning';
