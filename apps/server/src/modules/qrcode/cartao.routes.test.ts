import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { CartaoFacts } from '@pulso/domain';
import { formatCode, UNAUTHENTICATED_MESSAGE } from '@pulso/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPatient, fillEmergencyData } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ELLIPSIS } from './card-text.ts';
import { chosenFacts } from './cartao.service.ts';
import { CLEAR_BOTTOM_FROM, CLEAR_TOP, lockScreenSvg } from './lock-screen.ts';
import { decodeQr, pdfInfo, RENDER_DPI, renderPage } from './sticker-sheet.testkit.ts';
import { CARD_QR_MM, ID1_MM, walletCardPdf } from './wallet-card.ts';

/** docs/emergency-card.md: the lock-screen image and the wallet card, through HTTP and as drawings. */

const run = promisify(execFile);

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

const ALERGIAS = 'Penicilina e dipirona';
const MEDICAMENTOS = 'Losartana 50 mg';
const ALL = { alergias: true, medicamentos: true, contato: true };
const NONE = { alergias: false, medicamentos: false, contato: false };

/** A patient with emergency data, allergies and medications. */
async function patientWithData() {
  const p = await createPatient(t.app, { name: 'Conceição Araújo' });
  await fillEmergencyData(t.database.db, p.user.id, { alergias: ALERGIAS, medicamentos: MEDICAMENTOS });
  return p;
}

/** Text of a PDF (`pdftotext`, poppler-utils). */
async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pulso-pdf-'));
  try {
    const file = path.join(dir, 'cartao.pdf');
    await writeFile(file, pdf);
    return (await run('pdftotext', [file, '-'])).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const facts: CartaoFacts = {
  code: '123AB456',
  url: 'http://pulso.test/code/123AB456',
  name: 'Ana <Lima> & "Souza"',
  sangue: 'O-',
  alergias: 'Látex e camarão',
  medicamentos: 'Insulina',
  contato: 'João (Cônjuge) · (11) 91234 5678',
  telefone: '11912345678',
};

describe('GET /api/qrcode/cartao', () => {
  it('answers 401 to a guest', async () => {
    const res = await t.app.inject({ url: '/api/qrcode/cartao' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
  });

  it("answers the caller's own facts as printed, and nulls for what is not filled in", async () => {
    const a = await patientWithData();
    const res = await t.app.inject({ url: '/api/qrcode/cartao', headers: a.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({
      cartao: {
        code: a.user.code,
        url: `http://pulso.test/code/${a.user.code}`,
        name: 'Conceição Araújo',
        sangue: 'O-',
        alergias: ALERGIAS,
        medicamentos: MEDICAMENTOS,
        contato: 'João Pereira (Cônjuge) · (11) 91234 5678',
        telefone: '11912345678',
      },
    });
    const b = await createPatient(t.app);
    const other = (await t.app.inject({ url: '/api/qrcode/cartao', headers: b.auth })).json().cartao;
    expect(other).toMatchObject({
      code: b.user.code,
      sangue: null,
      alergias: null,
      medicamentos: null,
      contato: null,
      telefone: null,
    });
  });
});

describe('GET /api/qrcode/cartao/tela', () => {
  it('answers 401 to a guest', async () => {
    const res = await t.app.inject({ url: '/api/qrcode/cartao/tela' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
  });

  it('answers 422 in pt-BR to an unknown size or flag', async () => {
    const p = await createPatient(t.app);
    for (const query of ['formato=800x600', 'alergias=sim']) {
      const res = await t.app.inject({ url: `/api/qrcode/cartao/tela?${query}`, headers: p.auth });
      expect(res.statusCode, query).toBe(422);
      expect(res.json().message).toBe('Escolha uma das opções.');
    }
  });

  for (const [formato, width, height] of [
    ['1170x2532', 1170, 2532],
    ['1080x2400', 1080, 2400],
  ] as const) {
    it(`answers a ${formato} PNG attachment whose QR reads the code URL and whose top band is bare`, async () => {
      const p = await patientWithData();
      const res = await t.app.inject({
        url: `/api/qrcode/cartao/tela?formato=${formato}&alergias=true&medicamentos=false&contato=true`,
        headers: p.auth,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="pulso-tela-de-bloqueio-${p.user.code}-${formato}.png"`,
      );
      expect(res.headers['cache-control']).toBe('private, no-store');
      const png = res.rawPayload;
      const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([width, height]);
      expect(await decodeQr(png)).toBe(`http://pulso.test/code/${p.user.code}`);
      // The lock screen's clock and its bottom shortcuts: only background above CLEAR_TOP and below
      // CLEAR_BOTTOM_FROM of the height (docs/emergency-card.md).
      const [r, g, b] = [data[0], data[1], data[2]];
      const drawn: number[] = [];
      for (let y = 0; y < height; y++) {
        for (let i = y * width * 3; i < (y + 1) * width * 3; i += 3) {
          if (data[i] !== r || data[i + 1] !== g || data[i + 2] !== b) {
            drawn.push(y);
            break;
          }
        }
      }
      expect(drawn[0]).toBeGreaterThanOrEqual(Math.floor(height * CLEAR_TOP));
      expect(drawn.at(-1)).toBeLessThan(Math.ceil(height * CLEAR_BOTTOM_FROM));
    });
  }

  it("gives each patient their own image: the QR of another patient's code never", async () => {
    const a = await patientWithData();
    const b = await patientWithData();
    const res = await t.app.inject({ url: '/api/qrcode/cartao/tela', headers: b.auth });
    expect(res.headers['content-disposition']).toContain(b.user.code);
    expect(await decodeQr(res.rawPayload)).toBe(`http://pulso.test/code/${b.user.code}`);
    expect(a.user.code).not.toBe(b.user.code);
  });
});

describe('lockScreenSvg', () => {
  it('leaves every unticked fact out and keeps the ticked ones, escaped', async () => {
    const none = await lockScreenSvg(facts, NONE, '1170x2532');
    for (const text of ['Látex', 'Insulina', 'João', 'Alergias', 'Medicamentos', 'Contato']) {
      expect(none).not.toContain(text);
    }
    const some = await lockScreenSvg(
      facts,
      { alergias: true, medicamentos: false, contato: true },
      '1170x2532',
    );
    expect(some).toContain('aria-label="Látex e camarão"');
    expect(some).toContain('João (Cônjuge)');
    expect(some).not.toContain('Insulina');
    // The name as written, escaped: no markup of the patient's reaches the SVG.
    expect(some).toContain('Ana &lt;Lima&gt; &amp; &quot;Souza&quot;');
    expect(some).not.toContain('<Lima>');
    // Glyph outlines only: no text element that would need a font to render.
    expect(some).not.toMatch(/<text/);
    expect(some).toContain('aria-label="123 AB 456"');
  });

  it('wraps a long allergy line and cuts it with "…" past three lines; a long name past two', async () => {
    const long = { ...facts, name: 'Maria '.repeat(30).trim(), alergias: 'penicilina '.repeat(60).trim() };
    const svg = await lockScreenSvg(long, ALL, '1080x2400');
    const labels = [...svg.matchAll(/<path aria-label="([^"]*)"/g)].map((m) => m[1] as string);
    const allergyLines = labels.slice(labels.indexOf('Alergias:') + 1, labels.indexOf('Medicamentos:'));
    expect(allergyLines).toHaveLength(3);
    expect(allergyLines.at(-1)?.endsWith(ELLIPSIS)).toBe(true);
    expect(labels.filter((l) => l.startsWith('Maria'))).toHaveLength(2);
  });

  it('renders accents, ç and ã as glyphs of the shipped font (no system fonts needed)', async () => {
    const svg = await lockScreenSvg({ ...facts, name: 'Conceição' }, NONE, '1170x2532');
    // Each glyph is outlined: 'ç' and 'ã' add outline commands to the name's path.
    const path = (label: string) => new RegExp(`aria-label="${label}"[^>]*d="([^"]*)"`).exec(svg)?.[1] ?? '';
    const plain = await lockScreenSvg({ ...facts, name: 'Conceicao' }, NONE, '1170x2532');
    const plainPath = /aria-label="Conceicao"[^>]*d="([^"]*)"/.exec(plain)?.[1] ?? '';
    expect(path('Conceição').length).toBeGreaterThan(plainPath.length);
  });

  it('chosenFacts drops exactly the unticked facts', () => {
    expect(chosenFacts(facts, { alergias: false, medicamentos: true, contato: false })).toEqual({
      ...facts,
      alergias: null,
      contato: null,
      telefone: null,
    });
  });
});

describe('GET /api/qrcode/cartao/carteira', () => {
  it('answers 401 to a guest', async () => {
    const res = await t.app.inject({ url: '/api/qrcode/cartao/carteira' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
  });

  it('answers a two-page ID-1 PDF attachment whose front QR reads the code URL, with the ticked facts only', async () => {
    const p = await patientWithData();
    const res = await t.app.inject({
      url: '/api/qrcode/cartao/carteira?alergias=true&medicamentos=false&contato=true',
      headers: p.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="pulso-cartao-${p.user.code}.pdf"`);
    const pdf = res.rawPayload;
    const info = await pdfInfo(pdf);
    expect(info.pages).toBe(2);
    const [w, h] = info.size.split(' x ').map((n) => Number.parseFloat(n));
    expect(w).toBeCloseTo((ID1_MM.largura * 72) / 25.4, 2);
    expect(h).toBeCloseTo((ID1_MM.altura * 72) / 25.4, 2);

    const front = await renderPage(pdf, 1);
    expect(await decodeQr(front)).toBe(`http://pulso.test/code/${p.user.code}`);
    const px = (mm: number) => Math.round((mm * RENDER_DPI) / 25.4);
    expect(
      await decodeQr(front, {
        left: px(CARD_QR_MM.x - 1),
        top: px(CARD_QR_MM.y - 1),
        width: px(CARD_QR_MM.lado + 2),
        height: px(CARD_QR_MM.lado + 2),
      }),
    ).toBe(`http://pulso.test/code/${p.user.code}`);

    const text = await pdfText(pdf);
    expect(text).toContain('Conceição Araújo');
    expect(text).toContain(ALERGIAS);
    expect(text).toContain('João Pereira (Cônjuge)');
    expect(text).toContain(formatCode(p.user.code));
    expect(text).not.toContain('Losartana');
  });

  it('leaves every fact out when nothing is ticked (the default)', async () => {
    const pdf = await walletCardPdf(facts, NONE);
    const text = await pdfText(pdf);
    for (const absent of ['Látex', 'Insulina', 'João', 'Contato de emergência'])
      expect(text).not.toContain(absent);
    expect(text).toContain('Ana <Lima> & "Souza"');
    expect(text).toContain('Ligue SAMU 192');
  });
});
