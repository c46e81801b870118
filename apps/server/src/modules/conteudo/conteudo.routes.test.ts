import { CONTENT_ALLOWED_TAGS } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { content_pages } from '../../db/schema/index.ts';
import { seedContentPages } from '../../seed/conteudo/index.ts';
import { seedReferenceData } from '../../seed/seed.ts';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  // Each test starts from the seeded texts, whatever the previous one edited.
  await t.database.db.delete(content_pages);
  await seedContentPages(t.database.db);
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

/** Every tag name in an HTML text. */
function tagsOf(html: string): Set<string> {
  return new Set([...html.matchAll(/<\/?([a-zA-Z0-9]+)/g)].map((m) => (m[1] ?? '').toLowerCase()));
}

describe('GET /api/termos', () => {
  it('answers the seeded pt-BR terms of use to a guest', async () => {
    const res = await get('/api/termos');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.titulo).toBe('Termos de uso');
    expect(new Date(page.updated_at).toISOString()).toBe(page.updated_at);
    for (const text of [
      'Última atualização: 22/11/2026',
      'Qualquer pessoa que tiver o seu código ou escanear o seu QR code verá a aba de emergência',
      'Você escolhe o que preencher',
      'não substitui atendimento médico',
      'Resolução CFM nº 2.314/2022',
      'Planos, período gratuito e pagamentos',
      'Suas obrigações',
      'Suspensão e encerramento',
      'Responsabilidades',
      'leis da República Federativa do Brasil',
      'foro do domicílio do usuário',
      'href="/politica-de-privacidade"',
    ]) {
      expect(page.html).toContain(text);
    }
  });

  it('answers the same page to any signed-in patient', async () => {
    const patient = await createPatient(t.app);
    const res = await get('/api/termos', patient.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().titulo).toBe('Termos de uso');
  });
});

describe('GET /api/politica', () => {
  it('answers the seeded privacy policy: LGPD bases, purposes, retention and every right of art. 18', async () => {
    const res = await get('/api/politica');
    expect(res.statusCode).toBe(200);
    const { titulo, html } = res.json() as { titulo: string; html: string };
    expect(titulo).toBe('Política de privacidade');
    for (const text of [
      'Última atualização: 28/11/2026',
      'Lei nº 13.709/2018',
      'Quem é o controlador',
      'Dados da conta',
      'Dados de emergência',
      'Dados de saúde',
      'Registros e anexos da linha do tempo',
      'Indicadores',
      'Mensagens de telemedicina',
      'Dados de aparelhos e notificações',
      'Registros de acesso ao seu código',
      'Para que usamos os seus dados',
      'art. 11, I',
      'art. 11, II, &quot;e&quot;',
      'art. 11, II, &quot;f&quot;',
      'art. 7º, V',
      'hospedagem',
      'envio de e-mails',
      'processamento de pagamentos',
      'Transferência internacional',
      'Resolução CFM nº 1.821/2007',
      '20 anos',
      // docs/account-deletion.md "What is kept and why": what the deletion erases and what it keeps.
      'Excluir minha conta e meus dados',
      'depois de 7 dias, apagamos',
      'apenas o que os médicos escreveram',
      'sem ligação com você',
      '6 meses, conforme o art. 15 do Marco Civil da Internet',
      'Confirmação de que tratamos os seus dados',
      'Acesso aos seus dados',
      'Correção de dados',
      'Anonimização, bloqueio ou eliminação',
      'Portabilidade',
      'Eliminação dos dados tratados com o seu consentimento',
      'Informação sobre as entidades públicas e privadas',
      'Informação sobre a possibilidade de não dar consentimento',
      'Revogação do consentimento',
      'Autoridade Nacional de Proteção de Dados (ANPD)',
      'art. 14 da LGPD',
      'Alterações desta Política',
      'href="mailto:privacidade@pulso.app.br"',
    ]) {
      expect(html).toContain(text);
    }
  });

  it('holds only the tags the pages allow (h2, h3, p, ul, li, a)', async () => {
    for (const url of ['/api/termos', '/api/politica']) {
      const tags = tagsOf((await get(url)).json().html);
      expect([...tags].filter((tag) => !(CONTENT_ALLOWED_TAGS as readonly string[]).includes(tag))).toEqual(
        [],
      );
    }
  });
});

describe('content pages seed', () => {
  it('never overwrites a page edited in the database, and restores only a missing one', async () => {
    const edited = '<p>Texto revisado pelo jurídico.</p>';
    await t.database.db
      .update(content_pages)
      .set({ html: edited, updated_at: new Date('2026-12-01T12:00:00Z') })
      .where(eq(content_pages.slug, 'termos'));
    await t.database.db.delete(content_pages).where(eq(content_pages.slug, 'politica'));
    expect((await get('/api/politica')).statusCode).toBe(404);
    expect((await get('/api/politica')).json()).toEqual({ message: 'Página não encontrada' });

    // What every start of the server runs (main.ts → seedReferenceData).
    await seedReferenceData(t.database.db);

    const termos = (await get('/api/termos')).json();
    expect(termos.html).toBe(edited);
    expect(termos.updated_at).toBe('2026-12-01T12:00:00.000Z');
    const politica = await get('/api/politica');
    expect(politica.statusCode).toBe(200);
    expect(politica.json().html).toContain('Lei nº 13.709/2018');
  });
});
