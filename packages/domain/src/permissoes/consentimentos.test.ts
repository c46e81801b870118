import { describe, expect, it } from 'vitest';
import { CONSENT_ITEMS, ConsentimentoViewSchema, consentimentoText } from './consentimentos.ts';

describe('consentimentoText (docs/authorization.md "Consent history")', () => {
  it('names the documents with the version day in Brasília, or without one when not recorded', () => {
    expect(consentimentoText({ item: 'termos', valor: '2026-11-20T12:00:00.000Z' })).toBe(
      'Aceitou os Termos de uso (versão de 20/11/2026)',
    );
    // 01:30 UTC is still the evening before in São Paulo.
    expect(consentimentoText({ item: 'politica', valor: '2026-11-21T01:30:00.000Z' })).toBe(
      'Aceitou a Política de privacidade (versão de 20/11/2026)',
    );
    expect(consentimentoText({ item: 'termos', valor: null })).toBe('Aceitou os Termos de uso');
    expect(consentimentoText({ item: 'termos', valor: 'lixo' })).toBe('Aceitou os Termos de uso');
  });

  it('reads each permission as set, at both values', () => {
    expect(consentimentoText({ item: 'permissoes_saude', valor: '1' })).toBe(
      'Minha saúde visível para: Somente eu',
    );
    expect(consentimentoText({ item: 'permissoes_saude', valor: '4' })).toBe(
      'Minha saúde visível para: Qualquer pessoa',
    );
    expect(consentimentoText({ item: 'permissoes_saude', valor: '9' })).toBe(
      'Minha saúde visível para: nível desconhecido',
    );
    expect(consentimentoText({ item: 'permissoes_timeline', valor: 'true' })).toBe(
      'Linha do tempo pelo código: ligada',
    );
    expect(consentimentoText({ item: 'permissoes_timeline', valor: 'false' })).toBe(
      'Linha do tempo pelo código: desligada',
    );
    expect(consentimentoText({ item: 'permissoes_endereco', valor: 'true' })).toBe(
      'Endereço na aba Emergência: mostrado',
    );
    expect(consentimentoText({ item: 'permissoes_emergencia_saude', valor: 'false' })).toBe(
      'Alergias, medicamentos e doenças na aba Emergência: escondidos',
    );
    expect(consentimentoText({ item: 'alertas_push', valor: 'false' })).toBe(
      'Aviso por notificação quando abrirem seu código: desligado',
    );
    expect(consentimentoText({ item: 'alertas_email', valor: 'true' })).toBe(
      'Aviso por e-mail quando abrirem seu código: ligado',
    );
  });

  it('parses every item and refuses an unknown one', () => {
    for (const item of CONSENT_ITEMS) {
      expect(ConsentimentoViewSchema.safeParse({ id: 1, created_at: 'x', item, valor: null }).success).toBe(
        true,
      );
    }
    expect(
      ConsentimentoViewSchema.safeParse({ id: 1, created_at: 'x', item: 'newsletter', valor: null }).success,
    ).toBe(false);
  });
});
