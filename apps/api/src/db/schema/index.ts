export * from './auth';
export * from './shop';
export * from './audit';
export * from './stock';
export * from './uploads';
export * from './fitment';
export * from './search';
export * from './documents';
