import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from './app.ts';
import { createTestApp, type TestApp } from './test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/health', () => {
  it('answers 200 {status:"ok"} while the database answers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 when the database is unreachable', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    try {
      const res = await broken.app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable' });
    } finally {
      await broken.close();
    }
  });
});

describe('HTTP hardening', () => {
  it('sends a strict Content-Security-Policy and other helmet headers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toMatch(/unsafe-(inline|eval)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    // Stripe's hosts are allowed in stripe mode only (pagamentos/webhook.routes.test.ts).
    expect(csp).not.toContain('stripe');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeTruthy();
  });

  it('answers every request with a request id, keeping a well-formed incoming one', async () => {
    const fresh = await t.app.inject({ url: '/api/health' });
    expect(String(fresh.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'lb-12345678' } });
    expect(kept.headers['x-request-id']).toBe('lb-12345678');
    const replaced = await t.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'bad id <script>' },
    });
    expect(replaced.headers['x-request-id']).not.toBe('bad id <script>');
  });

  it('answers unknown API routes with a pt-BR 404', async () => {
    const res = await t.app.inject({ url: '/api/nao-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Rota não encontrada' });
  });

  it('answers malformed JSON with a pt-BR 400 and no stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Não foi possível ler os dados enviados.' });
  });
});

describe('OpenAPI', () => {
  it('documents the routes at /api/docs', async () => {
    const json = await t.app.inject({ url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/register', '/api/login', '/api/health', '/api/user']),
    );
    const ui = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('the SPA', () => {
  it('serves index.html for history routes and hashed assets as immutable', async () => {
    const web = path.join(t.dataDir, 'web');
    await mkdir(path.join(web, 'assets'), { recursive: true });
    await writeFile(path.join(web, 'index.html'), '<!doctype html><title>Pulso</title>');
    await writeFile(path.join(web, 'assets', 'app-abc123.js'), 'console.log(1)');
    await writeFile(path.join(web, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'));
    await writeFile(path.join(web, 'index.html.gz'), gzipSync('<!doctype html><title>Pulso</title>'));
    const withWeb = await createTestApp({ WEB_DIST: web });
    try {
      for (const url of ['/', '/home', '/cartao', '/register/123AB456']) {
        const res = await withWeb.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toContain('<title>Pulso</title>');
        expect(res.headers['cache-control']).toBe('no-cache');
      }
      const asset = await withWeb.app.inject({ url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      const compressed = await withWeb.app.inject({
        url: '/assets/app-abc123.js',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)');
      const page = await withWeb.app.inject({
        url: '/register/123AB456',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(page.headers['content-encoding']).toBe('gzip');
      expect((await withWeb.app.inject({ url: '/api/nada' })).statusCode).toBe(404);
      // One route serves every built file (`GET /*`): nothing outside WEB_DIST, no dotfile.
      await writeFile(path.join(t.dataDir, 'segredo.txt'), 'segredo');
      await writeFile(path.join(web, '.env'), 'segredo');
      for (const url of [
        '/../segredo.txt',
        '/%2e%2e/segredo.txt',
        '/assets/..%2f..%2fsegredo.txt',
        '/.env',
      ]) {
        const res = await withWeb.app.inject({ url });
        expect(res.body, url).not.toContain('segredo');
      }
    } finally {
      await withWeb.close();
    }
  });
});

describe('the installable app (docs/offline-card.md)', () => {
  it('serves /sw.js and the web app manifest uncached, with their types, under a CSP that lets them load', async () => {
    const web = path.join(t.dataDir, 'web-pwa');
    await mkdir(path.join(web, 'icons'), { recursive: true });
    await writeFile(path.join(web, 'index.html'), '<!doctype html><title>Pulso</title>');
    await writeFile(path.join(web, 'sw.js'), 'self.addEventListener("push", () => {});');
    await writeFile(path.join(web, 'manifest.webmanifest'), '{"name":"Pulso"}');
    await writeFile(path.join(web, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const withWeb = await createTestApp({ WEB_DIST: web });
    try {
      const sw = await withWeb.app.inject({ url: '/sw.js' });
      expect(sw.statusCode).toBe(200);
      expect(sw.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(sw.headers['cache-control']).toBe('no-cache');
      const manifest = await withWeb.app.inject({ url: '/manifest.webmanifest' });
      expect(manifest.statusCode).toBe(200);
      expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(manifest.headers['cache-control']).toBe('no-cache');
      const icon = await withWeb.app.inject({ url: '/icons/icon-192.png' });
      expect(icon.headers['content-type']).toBe('image/png');
      const csp = String((await withWeb.app.inject({ url: '/cartao' })).headers['content-security-policy']);
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("manifest-src 'self'");
    } finally {
      await withWeb.close();
    }
  });
});

describe('validation messages', () => {
  it('answers a body of the wrong type with pt-BR messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '[1, 2]',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/Entrada inválida|inválid/i);
    expect(res.json().message).not.toMatch(/Invalid input|expected/i);
  });
});

describe('redactUrl', () => {
  it('masks codes, avatar keys and tokens, and drops the query string', () => {
    expect(redactUrl('/api/code/123AB456')).toBe('/api/code/***');
    expect(redactUrl('/code/123AB456')).toBe('/code/***');
    expect(redactUrl('/api/avatars/abc.png')).toBe('/api/avatars/***');
    expect(redactUrl('/api/email/verify/tok')).toBe('/api/email/verify/***');
    expect(redactUrl('/password/reset/tok?email=a%40b.c')).toBe('/password/reset/***');
    expect(redactUrl('/api/register/invitation/tok')).toBe('/api/register/invitation/***');
    expect(redactUrl('/api/register/tok')).toBe('/api/register/***');
    expect(redactUrl('/registerCompany/tok')).toBe('/registerCompany/***');
    expect(redactUrl('/api/register')).toBe('/api/register');
    expect(redactUrl('/api/cidades/search/sao?x=1')).toBe('/api/cidades/search/sao');
  });

  it('masks the signatures of file URLs', () => {
    expect(redactUrl('/api/profissional/documento/7/1790000000/c2lnbmF0dXJl')).toBe(
      '/api/profissional/documento/7/1790000000/***',
    );
    expect(redactUrl('/api/telemedicina/mensagem/3/arquivo/1790000000/c2ln')).toBe(
      '/api/telemedicina/mensagem/3/arquivo/1790000000/***',
    );
  });
});
