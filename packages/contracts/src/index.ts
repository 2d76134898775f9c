/** Contracts shared by server and web: zod schemas, types, constants. */
export * from './envelope.ts';
export * from './validation.ts';
export * from './files.ts';
export * from './listing.ts';
export * from './auth.ts';
export * from './shares.ts';
export * from './companies.ts';
export * from './realtime.ts';
export * from './routes.ts';
export * from './field-crypto.ts';
export * from './dingtalk.ts';
export * from './service.ts';
export * from './account.ts';
export * from './versions.ts';
export * from './transfers.ts';
