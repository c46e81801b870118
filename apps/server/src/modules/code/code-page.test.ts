import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import {
  dayInSaoPaulo,
  EMBEDDED_CODE_DATA_ID,
  PERMISSOES_MESSAGES,
  TOO_MANY_REQUESTS_MESSAGE,
} from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { code_access_logs, doencas, user_doencas, users, virgin_codes } from '../../db/schema/index.ts';
import { createPatient, createVirginCodes } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
/** The public page's build as apps/web vite.code-page.config.ts writes its manifest. */
const MANIFEST = {
  'src/code-page.ts': { file: 'assets/code-page-1.js', isEntry: true, imports: ['_preact-1.js'] },
  '_preact-1.js': { file: 'assets/preact-1.js' },
  '../../packages/code-page/src/saude-tab.tsx': { file: 'assets/saude-tab-1.js', isDynamicEntry: true },
};

beforeAll(async () => {
  const web = await mkdtemp(path.join(tmpdir(), 'pulso-web-'));
  await mkdir(path.join(web, '.vite'), { recursive: true });
  await writeFile(path.join(web, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  await writeFile(path.join(web, '.vite', 'code-page-manifest.json'), JSON.stringify(MANIFEST));
  t = await createTestApp({ WEB_DIST: web, RATE_LIMIT_CODE_PER_MINUTE: '1000' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

/** The view the page embeds for its script (the São Paulo day of its last update beside it). */
function embedded(html: string): { user: Record<string, unknown>; acesso: unknown } | null {
  const match = new RegExp(
    `<script type="application/json" id="${EMBEDDED_CODE_DATA_ID}">(.*?)</script>`,
  ).exec(html);
  return match?.[1] ? JSON.parse(match[1]).view : null;
}

/** The text of the only `<tag>` element of a page. */
const inline = (html: string, tag: 'style' | 'script') =>
  new RegExp(`<${tag}>(.*?)</${tag}>`, 's').exec(html)?.[1] ?? '';
/** The page without its head (and so without its stylesheet). */
const markup = (html: string) => html.slice(html.indexOf('</head>'));
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('GET /code/:code (the page a scan opens)', () => {
  it('renders the whole Emergency tab, embeds the view and logs the opening', async () => {
    const p = await createPatient(t.app);
    await t.database.db.update(users).set({ sangue: 7 }).where(eq(users.id, p.user.id));
    const res = await t.app.inject({ url: `/code/${p.user.code.toLowerCase()}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers.vary).toContain('accept-language');
    expect(res.body).toMatch(/^<!doctype html><html lang="pt-BR">/);
    expect(res.body).toContain('<title>Dados de emergência · Pulso</title>');
    expect(res.body).toContain(`<h1 class="cp-name">${p.user.name}</h1>`);
    expect(res.body).toContain(
      '<p class="cp-blood"><span class="cp-blood-label">Tipo sanguíneo</span><span class="cp-blood-value">O+</span></p>',
    );
    expect(res.body).toContain('href="tel:192"');
    expect(res.body).toContain(
      '<a id="aba-saude" role="tab" class="cp-tab" href="?aba=saude" aria-selected="false"',
    );
    const data = embedded(res.body);
    expect(data?.user).toMatchObject({ name: p.user.name, code: p.user.code, geral: { sangue: 7 } });
    expect(JSON.stringify(data)).not.toContain(p.user.email);
    expect(res.body).toContain(`"updatedOn":"${dayInSaoPaulo(String(data?.user.updated_at))}"`);
    const logs = await t.database.db.select().from(code_access_logs);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ user_id: p.user.id, viewer_id: null, viewer_kind: 'guest' });
  });

  it('inlines its stylesheet and its loader, each allowed by its hash and nothing else inline', async () => {
    const p = await createPatient(t.app);
    const res = await t.app.inject({ url: `/code/${p.user.code}` });
    const policy = String(res.headers['content-security-policy']);
    const style = inline(res.body, 'style');
    const loader = inline(res.body, 'script');
    expect(style).toContain('.cp-blood');
    expect(policy).toMatch(new RegExp(`style-src 'self' ${sha256(style).replace(/[+/]/g, '\\$&')}(;|$)`));
    expect(policy).toMatch(new RegExp(`script-src 'self' ${sha256(loader).replace(/[+/]/g, '\\$&')}(;|$)`));
    expect(policy).not.toContain('unsafe-inline');
    // The entry and the chunks it imports (after the first paint for a session, on a guest's first input:
    // loader.test.ts runs it); the tabs' chunks only on demand.
    expect(loader).toContain('localStorage.getItem("token")&&h.classList.add("cp-viewer")');
    expect(loader).toContain('"/assets/code-page-1.js"');
    expect(loader).toContain('e.rel="modulepreload"');
    expect(loader).toContain('"/assets/preact-1.js"');
    expect(loader).not.toContain('saude-tab');
    expect(res.body).not.toContain('<script type="module"');
  });

  it('opens from anywhere without a new browsing context group, while the app keeps its opener policy', async () => {
    const p = await createPatient(t.app);
    const page = await t.app.inject({ url: `/code/${p.user.code}` });
    const missing = await t.app.inject({ url: '/code/999ZZ999' });
    for (const res of [page, missing]) {
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    }
    const api = await t.app.inject({ url: '/api/health' });
    expect(api.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('keeps a hostile name from closing the script element or opening markup', async () => {
    const p = await createPatient(t.app, { name: 'Ana </script><script>alert(1)</script>' });
    const res = await t.app.inject({ url: `/code/${p.user.code}` });
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain('<h1 class="cp-name">Ana &lt;/script>&lt;script>alert(1)&lt;/script></h1>');
    expect(embedded(res.body)?.user.name).toBe('Ana </script><script>alert(1)</script>');
  });

  it('says an unknown, malformed or closed code was not found, offers to type it again and keeps 192/193, logging nothing', async () => {
    const unknown = await t.app.inject({ url: '/code/999 zz 999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^text\/html/);
    expect(unknown.body).toContain('<title>Código não encontrado · Pulso</title>');
    expect(unknown.body).toContain('<h1 class="cp-name">Código não encontrado</h1>');
    expect(unknown.body).toContain('Nenhum perfil Pulso tem o código 999 ZZ 999.');
    expect(unknown.body).toMatch(/<form class="cp-code-form" method="get" action="\/code">/);
    expect(unknown.body).toContain('name="codigo"');
    expect(unknown.body).toContain('href="tel:192"');
    expect(unknown.body).toContain('href="tel:193"');
    expect(unknown.body).not.toContain('/register');
    // Its stylesheet is allowed by the policy, as the data page's is.
    expect(unknown.headers['content-security-policy']).toContain(sha256(inline(unknown.body, 'style')));

    const malformed = await t.app.inject({ url: '/code/%3Cb%3Ex', headers: { 'accept-language': 'en' } });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.body).toContain('No Pulso profile has the code &lt;b>x.');

    const p = await createPatient(t.app);
    await t.database.db.update(users).set({ is_active: false }).where(eq(users.id, p.user.id));
    const closed = await t.app.inject({ url: `/code/${p.user.code}` });
    expect(closed.statusCode).toBe(404);
    expect(closed.body).toContain('Código não encontrado');
    expect(await t.database.db.select().from(code_access_logs)).toHaveLength(0);
  });

  it('sends an unclaimed sticker code, and only that, on to registration', async () => {
    await createVirginCodes(t, ['123AB456']);
    const virgin = await t.app.inject({ url: '/code/123-ab-456' });
    expect(virgin.statusCode).toBe(302);
    expect(virgin.headers.location).toBe('/register/123AB456');
    await t.database.db.update(virgin_codes).set({ claimed_at: new Date() });
    const claimed = await t.app.inject({ url: '/code/123AB456' });
    expect(claimed.statusCode).toBe(404);
  });

  it('opens the page of a code typed into the not-found page, or the not-found page of text that is no code', async () => {
    const typed = await t.app.inject({ url: '/code?codigo=123+ab+456&lang=es' });
    expect(typed.statusCode).toBe(302);
    expect(typed.headers.location).toBe('/code/123AB456?lang=es');
    const plain = await t.app.inject({ url: '/code?codigo=12/ab+34' });
    expect(plain.statusCode).toBe(302);
    expect(plain.headers.location).toBe('/code/12%2Fab%2034');
    const again = await t.app.inject({ url: plain.headers.location as string });
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('Nenhum perfil Pulso tem o código 12/ab 34.');
    expect((await t.app.inject({ url: '/code' })).headers.location).toBe('/code/-');
  });

  it('prints allergies and medications, and serves My Health, only when a visitor may read it', async () => {
    const p = await createPatient(t.app);
    const db = t.database.db;
    await db
      .update(users)
      .set({ alergias: 'Penicilina', medicamentos: null, adicional: 'Marca-passo' })
      .where(eq(users.id, p.user.id));

    const level2 = await t.app.inject({ url: `/code/${p.user.code}` });
    expect(embedded(level2.body)).toMatchObject({ acesso: { saude: false, timeline: false } });
    expect(embedded(level2.body)?.user).not.toHaveProperty('saude');
    expect(level2.body).not.toContain('Penicilina');
    expect(level2.body).not.toContain('Marca-passo');
    expect(markup(level2.body)).not.toContain('cp-alert');
    const deniedTab = await t.app.inject({ url: `/code/${p.user.code}?aba=saude` });
    expect(deniedTab.body).toContain(PERMISSOES_MESSAGES.denied);
    expect(deniedTab.body).not.toContain('Marca-passo');

    await db.update(users).set({ permissoes_saude: 4 }).where(eq(users.id, p.user.id));
    const level4 = await t.app.inject({ url: `/code/${p.user.code}` });
    const data = embedded(level4.body) as { user: { saude: { alergias: string } }; acesso: unknown };
    expect(data.acesso).toMatchObject({ saude: true, timeline: false });
    expect(data.user.saude.alergias).toBe('Penicilina');
    expect(level4.body).toContain('<dt>Alergias</dt><dd lang="pt-BR">Penicilina</dd>');
    expect(level4.body).toContain('<dt>Medicamentos</dt><dd lang="pt-BR">Nenhuma informada</dd>');
    expect(markup(level4.body).indexOf('cp-alert')).toBeLessThan(markup(level4.body).indexOf('cp-blood'));
    // The tab in the address, rendered by the server: it works with scripts blocked.
    const saudeTab = await t.app.inject({ url: `/code/${p.user.code}?aba=saude` });
    expect(saudeTab.body).toContain('<h2 id="saude-outras" class="cp-section-title">Outras informações</h2>');
    expect(saudeTab.body).toContain('Marca-passo');
    expect(saudeTab.body).toContain(
      'id="aba-saude" role="tab" class="cp-tab" href="?aba=saude" aria-selected="true"',
    );
    const timelineTab = await t.app.inject({ url: `/code/${p.user.code}?aba=timeline` });
    expect(timelineTab.body).toContain(PERMISSOES_MESSAGES.denied);
    const logs = await db.select().from(code_access_logs).orderBy(code_access_logs.id);
    expect(logs.map((l) => [l.viewer_kind, l.tabs])).toEqual([
      ['guest', 'emergencia'],
      ['guest', 'emergencia'],
      ['guest', 'emergencia,emergencia_saude,saude'],
      ['guest', 'emergencia,emergencia_saude,saude'],
      ['guest', 'emergencia,emergencia_saude,saude'],
    ]);
  });

  it('prints the allergies strip and the street address for a visitor once the patient turns them on, the city always', async () => {
    const p = await createPatient(t.app);
    const db = t.database.db;
    const [diabetes] = await db.select().from(doencas).where(eq(doencas.nome, 'Diabetes'));
    await db.insert(user_doencas).values({ user_id: p.user.id, doenca_id: diabetes?.id as number });
    await db
      .update(users)
      .set({ alergias: 'Dipirona', endereco: 'Av. Brasil, 500', cidade_id: 3550308, permissoes_saude: 1 })
      .where(eq(users.id, p.user.id));
    const before = await t.app.inject({ url: `/code/${p.user.code}` });
    expect(markup(before.body)).not.toContain('cp-alert');
    expect(before.body).not.toContain('Dipirona');
    expect(before.body).not.toContain('Av. Brasil');
    expect(before.body).toContain('<dt>Cidade</dt><dd>São Paulo - SP</dd>');

    await db
      .update(users)
      .set({ permissoes_endereco: true, permissoes_emergencia_saude: true })
      .where(eq(users.id, p.user.id));
    const after = await t.app.inject({ url: `/code/${p.user.code}` });
    expect(after.body).toContain('<dt>Alergias</dt><dd lang="pt-BR">Dipirona</dd>');
    expect(after.body).toContain('<dt>Doenças</dt><dd lang="pt-BR">Diabetes</dd>');
    expect(after.body).toContain('<dt>Endereço</dt><dd>Av. Brasil, 500</dd>');
    // My Health stays 'only me': nothing else of it is served.
    expect(embedded(after.body)?.user).not.toHaveProperty('saude');
  });
});

describe('the language of the page', () => {
  it.each([
    ['en-US,en;q=0.9', 'en', 'Blood type', 'Call SAMU', 'Emergency data · Pulso'],
    ['es-AR,es;q=0.9,en;q=0.5', 'es', 'Grupo sanguíneo', 'Llamar SAMU', 'Datos de emergencia · Pulso'],
    ['fr-FR,fr;q=0.9', 'pt-BR', 'Tipo sanguíneo', 'Ligar SAMU', 'Dados de emergência · Pulso'],
  ])('follows Accept-Language %s', async (header, lang, blood, call, title) => {
    const p = await createPatient(t.app);
    const res = await t.app.inject({ url: `/code/${p.user.code}`, headers: { 'accept-language': header } });
    expect(res.body).toMatch(new RegExp(`^<!doctype html><html lang="${lang}">`));
    expect(res.body).toContain(`<span class="cp-blood-label">${blood}</span>`);
    expect(res.body).toContain(`<span>${call}</span>`);
    expect(res.body).toContain(`<title>${title}</title>`);
    expect(res.body).toContain(`<span>${p.user.name.split(' ')[0]}`.slice(0, 6));
  });

  it('follows the switch: ?lang= over the cookie, the cookie over the browser', async () => {
    const p = await createPatient(t.app);
    const page = (url: string, cookie?: string) =>
      t.app.inject({
        url,
        headers: {
          'accept-language': 'en-US',
          ...(cookie ? { cookie: `other=1; pulso_lang=${cookie}` } : {}),
        },
      });
    expect((await page(`/code/${p.user.code}`, 'es')).body).toContain('<html lang="es">');
    expect((await page(`/code/${p.user.code}?lang=pt-BR`, 'es')).body).toContain('<html lang="pt-BR">');
    expect((await page(`/code/${p.user.code}?lang=xx`, 'nope')).body).toContain('<html lang="en">');
    // A choice made with the switch as a link (no script yet) is kept for the next scan too.
    const chosen = await page(`/code/${p.user.code}?lang=es`);
    expect(chosen.headers['set-cookie']).toBe('pulso_lang=es; Path=/code; Max-Age=31536000; SameSite=Lax');
    expect((await page(`/code/${p.user.code}`)).headers['set-cookie']).toBeUndefined();
    expect((await page(`/code/${p.user.code}?lang=xx`)).headers['set-cookie']).toBeUndefined();
  });
});

describe('how the page travels', () => {
  it('is compressed with brotli when the browser takes it', async () => {
    const p = await createPatient(t.app);
    const plain = await t.app.inject({ url: `/code/${p.user.code}` });
    const res = await t.app.inject({
      url: `/code/${p.user.code}`,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(res.rawPayload).toString('utf8');
    // Each opening has its own date and its own location reference (docs/code-alerts.md "Where").
    const same = (page: string) =>
      page.replace(/\d{2}\/\d{2}\/\d{4}/g, '').replace(/"localizacao":"[^"]+"/, '');
    expect(same(html)).toBe(same(plain.body));
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });

  it('is a page with the message and the 192/193 calls when the code budget is spent', async () => {
    const budget = await createTestApp({ RATE_LIMIT_CODE_PER_MINUTE: '2' });
    try {
      const p = await createPatient(budget.app);
      const open = () =>
        budget.app.inject({ url: `/code/${p.user.code}`, headers: { 'accept-language': 'en' } });
      expect((await open()).statusCode).toBe(200);
      expect((await open()).statusCode).toBe(200);
      const refused = await open();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(refused.body).toContain('<html lang="en">');
      expect(refused.body).toContain('The data could not be opened right now');
      expect(refused.body).toContain(TOO_MANY_REQUESTS_MESSAGE);
      expect(refused.body).toContain('href="tel:192"');
      expect(refused.body).toContain('href="tel:193"');
      expect(refused.body).toContain(`<a class="cp-button" href="/code/${p.user.code}">Try again</a>`);
      expect(refused.body).not.toContain(p.user.name);
      const style = inline(refused.body, 'style');
      expect(String(refused.headers['content-security-policy'])).toContain(sha256(style));
      expect(refused.headers['cross-origin-opener-policy']).toBeUndefined();
    } finally {
      await budget.close();
    }
  });
});
