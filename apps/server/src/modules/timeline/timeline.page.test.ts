import type { TimelineItemView, TimelinePage } from '@pulso/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PLANNED_EACH_RUN } from '../../db/pglite-prepared.ts';
import { createPatient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { recordStatements } from '../../test/statements.ts';
import { createDoctor } from '../../test/telemedicina-factories.ts';
import { addItem, call, insertItem, jpeg, pdf, postAnexo } from './timeline.test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

/** A record without its attachments' signed URLs (signed per answer; the rest must be equal). */
const unsigned = (item: TimelineItemView) => ({
  ...item,
  anexos: item.anexos.map(({ url: _url, ...anexo }) => anexo),
});

describe('GET /api/timeline/items: a page read in one statement', () => {
  it('answers each record as GET /timeline/item does, attachments in upload order with signed URLs', async () => {
    const p = await createPatient(t.app);
    const doctor = await createDoctor(t, { name: 'Helena Prado' });
    const own = await addItem(t, p.auth, { valor: 'R$ 1.234,56', data: '2025-03-10' });
    const byDoctor = await addItem(t, doctor.auth, { user_id: p.user.id, valor: '', data: '2025-03-11' });
    const files = [
      { field: 'anexo', filename: 'exame.pdf', bytes: pdf() },
      { field: 'anexo', filename: 'foto.jpg', bytes: await jpeg() },
    ];
    for (const file of files) expect((await postAnexo(t, p.auth, own.id, file)).statusCode).toBe(201);

    const res = await call(t, 'GET', '/api/timeline/items/all/all', p.auth);
    expect(res.statusCode).toBe(200);
    const page: TimelinePage = res.json();
    expect(page.total).toBe(2);
    expect(page.timelineItems.map((i) => i.id)).toEqual([byDoctor.id, own.id]);
    for (const item of page.timelineItems) {
      const one = (await call(t, 'GET', `/api/timeline/item/${item.id}`, p.auth)).json();
      expect(unsigned(item)).toEqual(unsigned(one.timelineItem));
      expect(page.user).toEqual(one.user);
    }
    const [first, second] = page.timelineItems[1]?.anexos ?? [];
    expect([first?.name, second?.name]).toEqual(['exame.pdf', 'foto.jpg']);
    expect(first?.url).toMatch(new RegExp(`^/api/timeline/anexo/${first?.id}/\\d+/`));
    expect((await t.app.inject({ url: first?.url ?? '' })).statusCode).toBe(200);
    expect(page.timelineItems[0]).toMatchObject({
      created_by: 'M',
      terceiro: { name: 'Helena Prado' },
      valor: null,
      anexos: [],
    });
    expect(page.timelineItems[1]?.valor).toBe('1234.56');
  });

  it('costs two queries, the session lookup included, plain or searched, past the last page too', async () => {
    const p = await createPatient(t.app);
    for (let i = 0; i < 25; i += 1) {
      await insertItem(t.database.db, p.user.id, {
        descricao: `Glicemia ${i}`,
        created_by: i % 2 ? 'M' : null,
      });
    }
    const statements = recordStatements(t.database.db);
    try {
      for (const url of [
        '/api/timeline/items/all/all',
        '/api/timeline/items/all/all/20',
        '/api/timeline/items/all/all/40',
        '/api/timeline/items/M/all',
        '/api/timeline/items/all/glicemia',
        '/api/timeline/items/M/glicemia/20',
        `/api/timeline/items/all/${encodeURIComponent('glicemia 1')}`,
        // Many words, a stop word, a LIKE wildcard and a lone letter: one statement all the same.
        `/api/timeline/items/all/${encodeURIComponent('glicemia de jejum 1 % a')}`,
      ]) {
        statements.clear();
        const res = await call(t, 'GET', url, p.auth);
        expect(res.statusCode).toBe(200);
        const texts = statements.texts();
        expect([url, texts.length]).toEqual([url, 2]);
        // The page size is in the statement's text: with `limit $n` PostgreSQL would plan the statement again
        // on every execution (docs/performance.md "Generic plans").
        const pages = texts.filter((text) => text.includes(' as "page"'));
        expect([url, pages.length]).toEqual([url, 1]);
        expect(pages[0]).toMatch(/limit 20 offset \$\d+\) as "page"/);
        // A search is planned with its terms on every run (docs/api/timeline.md "Search"): PostgreSQL's unnamed
        // statement (no name, or the empty one), never prepared by PGlite's wrapper; a plain page is prepared.
        const [page] = statements.statements().filter(({ text }) => text.includes(' as "page"'));
        const searched = !url.includes('/all/all') && !url.endsWith('/M/all');
        expect([url, !page?.name, page?.text.includes(PLANNED_EACH_RUN)]).toEqual([
          url,
          searched || t.database.kind === 'pglite',
          searched,
        ]);
      }
    } finally {
      statements.restore();
    }
  });
});
