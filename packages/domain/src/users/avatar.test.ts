import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES as AVATAR_MAX_BYTES } from '../shared/files.ts';
import { avatarFileProblem } from './avatar.ts';

describe('avatarFileProblem (docs/accounts.md "Profile photo")', () => {
  it('accepts PNG, JPEG and WebP up to 2 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) {
      expect(avatarFileProblem({ type, size: AVATAR_MAX_BYTES })).toBeNull();
    }
  });

  it("refuses a file over 2 MB with 'O arquivo deve ter no máximo 2MB'", () => {
    expect(avatarFileProblem({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe(
      'O arquivo deve ter no máximo 2MB',
    );
  });

  it('refuses other types', () => {
    expect(avatarFileProblem({ type: 'image/gif', size: 10 })).toBe('Envie uma imagem PNG, JPEG ou WebP');
    expect(avatarFileProblem({ type: 'application/pdf', size: 10 })).toBe(
      'Envie uma imagem PNG, JPEG ou WebP',
    );
  });
});
