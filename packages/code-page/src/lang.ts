/**
 * The languages of the public page (docs/public-code-page.md "Language"): Brazilian Portuguese, the
 * app's language and the default, and English and Spanish for a foreign rescuer or a Brazilian hurt
 * abroad. Only Pulso's own words change; the patient's words are shown as written.
 */
export const LANGS = ['pt-BR', 'en', 'es'] as const;
export type Lang = (typeof LANGS)[number];
