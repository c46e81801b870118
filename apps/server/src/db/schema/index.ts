export * from './account.ts';
export * from './companies.ts';
export * from './qrcode.ts';
export * from './reference.ts';
export * from './saude.ts';
export * from './users.ts';
