import { describe, expect, it } from 'vitest';
import { serverEnv, serverNodeFlags } from '../../../scripts/node-flags.mjs';

// What `npm start` adds to the server's command line and environment (scripts/node-flags.mjs;
// docs/performance.md "The embedded database's memory"). Engine-independent: api-pglite only.

describe('the launcher’s Node flags and environment (scripts/node-flags.mjs)', () => {
  it('gives the embedded database a small heap and malloc’s own mappings for large blocks', () => {
    expect(serverNodeFlags({})).toEqual([
      '--enable-source-maps',
      '--max-semi-space-size=2',
      '--max-old-space-size=256',
    ]);
    expect(serverEnv({})).toEqual({ MALLOC_MMAP_THRESHOLD_: '32768' });
  });

  it('leaves V8’s and glibc’s defaults to PostgreSQL', () => {
    const env = { DATABASE_URL: 'postgres://pulso@db/pulso' };
    expect(serverNodeFlags(env)).toEqual(['--enable-source-maps']);
    expect(serverEnv(env)).toEqual({});
  });

  it('lets what the operator set win', () => {
    expect(serverNodeFlags({ NODE_OPTIONS: '--max-old-space-size=1024' })).toEqual([
      '--enable-source-maps',
      '--max-semi-space-size=2',
    ]);
    expect(serverNodeFlags({ NODE_OPTIONS: '--max-semi-space-size=8' })).toEqual([
      '--enable-source-maps',
      '--max-old-space-size=256',
    ]);
    expect(serverEnv({ MALLOC_MMAP_THRESHOLD_: '131072' })).toEqual({});
    expect(serverEnv({ MALLOC_MMAP_THRESHOLD_: '' })).toEqual({});
  });
});
