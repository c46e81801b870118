import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EMBEDDED_CODE_DATA_ID } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { code_access_logs, users } from '../../db/schema/index.ts';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
const INDEX =
  '<!doctype html><html><head><title>Pulso</title><link rel="stylesheet" crossorigin href="/assets/index-1.css">' +
  '</head><body><div id="root"></div></body></html>';
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true },
  'src/features/code/code-page.tsx': {
    file: 'assets/code-page-1.js',
    imports: ['index.html', '_Tabs-1.js'],
    css: ['assets/code-page-1.css'],
  },
  '_Tabs-1.js': { file: 'assets/Tabs-1.js', imports: ['index.html'] },
};

beforeAll(async () => {
  const web = await mkdtemp(path.join(tmpdir(), 'pulso-web-'));
  await mkdir(path.join(web, '.vite'), { recursive: true });
  await writeFile(path.join(web, 'index.html'), INDEX);
  await writeFile(path.join(web, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  t = await createTestApp({ WEB_DIST: web, RATE_LIMIT_CODE_PER_MINUTE: '1000' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

function embedded(html: string): { user: Record<string, unknown> } | null {
  const match = new RegExp(
    `<script type="application/json" id="${EMBEDDED_CODE_DATA_ID}">(.*?)</script>`,
  ).exec(html);
  return match?.[1] ? JSON.parse(match[1]) : null;
}

describe('GET /code/:code (the page a scan opens)', () => {
  it("embeds the Emergency tab and preloads the page's chunks, logging the opening", async () => {
    const p = await createPatient(t.app);
    await t.database.db.update(users).set({ sangue: 7 }).where(eq(users.id, p.user.id));
    const res = await t.app.inject({ url: `/code/${p.user.code.toLowerCase()}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/code-page-1.js">');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/Tabs-1.js">');
    expect(res.body.split('</head>')[1]).toContain('<link rel="stylesheet" href="/assets/code-page-1.css">');
    expect(res.body).not.toContain('href="/assets/index-1.js"');
    const data = embedded(res.body);
    expect(data?.user).toMatchObject({ name: p.user.name, code: p.user.code, geral: { sangue: 7 } });
    expect(JSON.stringify(data)).not.toContain(p.user.email);
    const facts = /<div id="pulso-static"[\s\S]*?<\/main><\/div>/.exec(res.body)?.[0] ?? '';
    expect(facts).toContain(`<h1>${p.user.name}</h1>`);
    expect(facts).toContain('<span>Tipo sanguíneo</span><strong>O+</strong>');
    expect(facts).toContain('href="tel:192"');
    const [head, body] = res.body.split('</head>') as [string, string];
    expect(head).toContain('<link rel="stylesheet" href="/emergency.css">');
    expect(head).not.toContain('index-1.css');
    expect(body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(body.indexOf('pulso-static')).toBeLessThan(body.indexOf('index-1.css'));
    const logs = await t.database.db.select().from(code_access_logs);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ user_id: p.user.id, viewer_id: null });
  });

  it('keeps a hostile name from closing the script element', async () => {
    const p = await createPatient(t.app, { name: 'Ana </script><script>alert(1)</script>' });
    const res = await t.app.inject({ url: `/code/${p.user.code}` });
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain('<h1>Ana &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(embedded(res.body)?.user.name).toBe('Ana </script><script>alert(1)</script>');
  });

  it('serves the plain shell for an unknown or closed code', async () => {
    const unknown = await t.app.inject({ url: '/code/999ZZ999' });
    expect(unknown.statusCode).toBe(200);
    expect(embedded(unknown.body)).toBeNull();
    expect(unknown.body).not.toContain('pulso-static');
    const p = await createPatient(t.app);
    await t.database.db.update(users).set({ is_active: false }).where(eq(users.id, p.user.id));
    const closed = await t.app.inject({ url: `/code/${p.user.code}` });
    expect(embedded(closed.body)).toBeNull();
    expect(await t.database.db.select().from(code_access_logs)).toHaveLength(0);
  });

  it('embeds and prints allergies and medications only when a visitor may read My Health', async () => {
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
    expect(level2.body).not.toContain('pe-alert');

    await db.update(users).set({ permissoes_saude: 4 }).where(eq(users.id, p.user.id));
    const level4 = await t.app.inject({ url: `/code/${p.user.code}` });
    const data = embedded(level4.body) as { user: { saude: { alergias: string } }; acesso: unknown };
    expect(data.acesso).toEqual({ saude: true, timeline: false });
    expect(data.user.saude.alergias).toBe('Penicilina');
    const facts = /<div id="pulso-static"[\s\S]*?<\/main><\/div>/.exec(level4.body)?.[0] ?? '';
    expect(facts).toContain('<p><span>Alergias</span>Penicilina</p>');
    expect(facts).toContain('<p><span>Medicamentos</span>Nenhuma informada</p>');
    expect(facts.indexOf('pe-alert')).toBeLessThan(facts.indexOf('pe-blood'));
    const logs = await db.select().from(code_access_logs).orderBy(code_access_logs.id);
    expect(logs.map((l) => [l.viewer_kind, l.tabs])).toEqual([
      ['guest', 'emergencia'],
      ['guest', 'emergencia,saude'],
    ]);
  });
});
