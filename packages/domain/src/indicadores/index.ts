export * from './afericao.ts';
export * from './glicose.ts';
export * from './home.ts';
export * from './imc.ts';
export * from './oxigenacao.ts';
export * from './pressao.ts';
