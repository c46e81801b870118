export * from './qrcode.ts';
export * from './reference.ts';
export * from './users.ts';
