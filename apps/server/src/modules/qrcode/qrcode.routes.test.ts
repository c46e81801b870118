import { TOO_MANY_REQUESTS_MESSAGE, UNAUTHENTICATED_MESSAGE } from '@pulso/domain';
import m from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPatient, createVirginCodes } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { VIRGIN_UNAVAILABLE_MESSAGE } from './qrcode.service.ts';

// jsqr ships a CommonJS bundle whose function sits on `.default` once loaded as ESM.
const jsQR = (m as unknown as { default?: typeof m }).default ?? m;

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

/** Decodes a PNG's QR code with jsQR, as a phone camera would read the printed sticker. */
async function readPng(png: Buffer): Promise<{ text: string | null; width: number; height: number }> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength);
  return {
    text: jsQR(pixels, info.width, info.height)?.data ?? null,
    width: info.width,
    height: info.height,
  };
}

describe('GET /api/qrcode/virgins/:code', () => {
  it('answers the canonical code of an unclaimed sticker, in any spelling', async () => {
    await createVirginCodes(t, ['123AB456']);
    for (const spelling of ['123AB456', '123ab456', '123%20ab%20456', '123-AB-456', '%20123%20Ab-456%20']) {
      const res = await t.app.inject({ url: `/api/qrcode/virgins/${spelling}` });
      expect(res.statusCode, spelling).toBe(200);
      expect(res.json()).toEqual({ virgin: { code: '123AB456' } });
    }
  });

  it('answers 404 to a claimed sticker code', async () => {
    await createVirginCodes(t, ['123AB456']);
    await createPatient(t.app, { code: '123AB456' });
    const res = await t.app.inject({ url: '/api/qrcode/virgins/123AB456' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: VIRGIN_UNAVAILABLE_MESSAGE });
  });

  it("answers 404 to an unknown code, a malformed one and a patient's own (non-sticker) code", async () => {
    const p = await createPatient(t.app);
    for (const code of ['999ZZ999', 'abc', '12345678', p.user.code]) {
      const res = await t.app.inject({ url: `/api/qrcode/virgins/${code}` });
      expect(res.statusCode, code).toBe(404);
      expect(res.json()).toEqual({ message: VIRGIN_UNAVAILABLE_MESSAGE });
    }
  });

  it('answers 429 in pt-BR past the per-IP code budget, where an unknown code costs 5 (docs/resilience.md)', async () => {
    const limited = await createTestApp({ RATE_LIMIT_CODE_PER_MINUTE: '6' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++)
        codes.push((await limited.app.inject({ url: '/api/qrcode/virgins/999ZZ999' })).statusCode);
      // 5 units, then 6 (within the budget: 404, and 4 more), then 11: refused.
      expect(codes).toEqual([404, 404, 429]);
      const res = await limited.app.inject({ url: '/api/qrcode/virgins/999ZZ999' });
      expect(res.json()).toEqual({ message: TOO_MANY_REQUESTS_MESSAGE });
    } finally {
      await limited.close();
    }
  }, 120_000);
});

describe('GET /api/qrcode', () => {
  it('answers 401 to a guest', async () => {
    const res = await t.app.inject({ url: '/api/qrcode' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: UNAUTHENTICATED_MESSAGE });
  });

  it('answers the owner their code, its URL, an SVG of it and no orders yet', async () => {
    const p = await createPatient(t.app);
    const res = await t.app.inject({ url: '/api/qrcode', headers: p.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const json = res.json();
    expect(json.qrcode.code).toBe(p.user.code);
    expect(json.qrcode.url).toBe(`http://pulso.test/code/${p.user.code}`);
    expect(json.qrcode.svg).toContain('<svg');
    expect(json.orders).toEqual([]);
  });

  it('answers another patient their own code, never the first one', async () => {
    const a = await createPatient(t.app);
    const b = await createPatient(t.app);
    const res = await t.app.inject({ url: '/api/qrcode', headers: b.auth });
    const json = res.json();
    expect(json.qrcode.code).toBe(b.user.code);
    expect(json.qrcode.code).not.toBe(a.user.code);
    expect(res.body).not.toContain(a.user.code);
  });
});

describe('GET /api/qrcode/download', () => {
  it('answers 401 to a guest', async () => {
    const res = await t.app.inject({ url: '/api/qrcode/download' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers a print-quality PNG attachment that scans to the public code URL', async () => {
    const p = await createPatient(t.app);
    const res = await t.app.inject({ url: '/api/qrcode/download', headers: p.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="pulso-qrcode-${p.user.code}.png"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const png = res.rawPayload;
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const read = await readPng(png);
    expect(read.width).toBeGreaterThanOrEqual(1024);
    expect(read.text).toBe(`http://pulso.test/code/${p.user.code}`);
    // Under the square QR, a white band with the name and the code written in black.
    expect(read.height).toBe(read.width + Math.round(read.width * 0.24));
    const band = await sharp(png)
      .extract({ left: 0, top: read.width, width: read.width, height: read.height - read.width })
      .greyscale()
      .raw()
      .toBuffer();
    const dark = band.filter((v) => v < 128).length;
    expect(dark / band.length).toBeGreaterThan(0.01);
    expect(dark / band.length).toBeLessThan(0.3);
  });

  it("answers each patient a PNG of their own code, never another's", async () => {
    const a = await createPatient(t.app);
    const b = await createPatient(t.app);
    const res = await t.app.inject({ url: '/api/qrcode/download', headers: b.auth });
    expect(res.headers['content-disposition']).toContain(b.user.code);
    expect((await readPng(res.rawPayload)).text).toBe(`http://pulso.test/code/${b.user.code}`);
    expect(a.user.code).not.toBe(b.user.code);
  });
});
