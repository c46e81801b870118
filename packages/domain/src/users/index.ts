export * from './avatar.ts';
export * from './enums.ts';
export * from './schemas.ts';
export * from './trial.ts';
export * from './user.ts';
