export * from './i18n.ts';
export * from './view.ts';
