import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diskStorage, removeStaleTempFiles } from './storage.ts';

const root = () => mkdtempSync(path.join(tmpdir(), 'pulso-storage-'));

describe('diskStorage', () => {
  it('stores a file whole under its key, leaving no temp file behind, also with a pause mid-write', async () => {
    const dir = root();
    const bytes = Buffer.from('conteúdo do arquivo, inteiro');
    await diskStorage(dir).put('avatars/abc.png', bytes);
    await diskStorage(dir, { writeDelayMs: 5 }).put('avatars/def.png', bytes);
    expect(readdirSync(path.join(dir, 'avatars')).sort()).toEqual(['abc.png', 'def.png']);
    expect(await diskStorage(dir).get('avatars/def.png')).toEqual(bytes);
  });
});

describe('removeStaleTempFiles (start-up clean-up)', () => {
  function leftovers(dir: string, ageMs: number) {
    mkdirSync(path.join(dir, 'avatars'), { recursive: true });
    mkdirSync(path.join(dir, 'timeline'), { recursive: true });
    const files = {
      kept: path.join(dir, 'avatars', '0123456789abcdef0123456789abcdef.png'),
      avatarTmp: path.join(dir, 'avatars', '0123456789abcdef0123456789abcdef.png.1a2b3c4d5e6f.tmp'),
      oldPidTmp: path.join(dir, 'timeline', 'fedcba9876543210fedcba9876543210.pdf.4242.tmp'),
    };
    const when = (Date.now() - ageMs) / 1000;
    for (const file of Object.values(files)) {
      writeFileSync(file, file === files.kept ? 'png' : '');
      utimesSync(file, when, when);
    }
    return files;
  }

  it('removes every half-written upload when the server is the only writer (olderThanMs 0), nothing else', async () => {
    const dir = root();
    leftovers(dir, 0);
    expect(await removeStaleTempFiles(dir, 0)).toBe(2);
    expect(readdirSync(path.join(dir, 'avatars'))).toEqual(['0123456789abcdef0123456789abcdef.png']);
    expect(readdirSync(path.join(dir, 'timeline'))).toEqual([]);
  });

  it('spares recent temp files in a folder other nodes may be writing to', async () => {
    const dir = root();
    leftovers(dir, 60_000);
    expect(await removeStaleTempFiles(dir, 15 * 60_000)).toBe(0);
    expect(await removeStaleTempFiles(dir, 30_000)).toBe(2);
  });

  it('has nothing to do when the folder does not exist yet', async () => {
    expect(await removeStaleTempFiles(path.join(root(), 'files'), 0)).toBe(0);
  });
});
