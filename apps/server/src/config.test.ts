import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config.ts';

describe('loadConfig', () => {
  it('uses the embedded defaults with an empty environment', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.dataDir).toBe(path.join(REPO_ROOT, 'data'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
    expect(c.publicOrigin).toBe('http://localhost:3000');
  });

  it('takes a relative DATA_DIR from the directory npm start was typed in', () => {
    expect(loadConfig({ DATA_DIR: 'dados', INIT_CWD: '/srv/pulso' }).dataDir).toBe('/srv/pulso/dados');
    expect(loadConfig({ DATA_DIR: '/var/lib/pulso' }).dataDir).toBe('/var/lib/pulso');
  });

  it('derives PUBLIC_ORIGIN from PORT and strips a trailing slash from an explicit one', () => {
    expect(loadConfig({ PORT: '8080' }).publicOrigin).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://pulso.app.br/' }).publicOrigin).toBe('https://pulso.app.br');
  });

  it('treats empty DATABASE_URL and REDIS_URL as unset', () => {
    const c = loadConfig({ DATABASE_URL: '', REDIS_URL: '' });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
  });

  it('seeds the demo doctors by default except in production, and SEED_DEMO decides when set', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(() => loadConfig({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO/);
  });

  it('fails fast naming every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', PUBLIC_ORIGIN: 'nope' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL/);
    }
  });
});
