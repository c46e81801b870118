export * from './card-check.ts';
export * from './money.ts';
export * from './pedidos.ts';
export * from './planos.ts';
export * from './sandbox.ts';
export * from './schemas.ts';
