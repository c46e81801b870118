import { TIMELINE_MESSAGES } from '@pulso/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// jsdom cannot decode or draw images, so compressorjs itself is replaced: these tests
// check what this module asks of it and what it makes of the answer. The real resize
// (a 1600 px PNG arriving at the server as an 800 px JPEG) is checked in
// e2e/timeline-add.spec.ts.
const compressor = vi.hoisted(() => ({
  calls: [] as { file: File | Blob; options: Record<string, unknown> }[],
  outcome: 'success' as 'success' | 'error',
}));

vi.mock('compressorjs', () => ({
  default: class {
    constructor(
      file: File | Blob,
      options: Record<string, unknown> & {
        success: (b: Blob) => void;
        error: (e: Error) => void;
      },
    ) {
      compressor.calls.push({ file, options });
      queueMicrotask(() => {
        if (compressor.outcome === 'success') {
          options.success(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' }));
        } else {
          options.error(new Error('decode failed'));
        }
      });
    }
  },
}));

const { anexoKind, IMAGE_UNREADABLE_MESSAGE, resizeImageForUpload } = await import('./resize-image');

beforeEach(() => {
  compressor.calls = [];
  compressor.outcome = 'success';
});

describe('resizeImageForUpload', () => {
  it('returns a PDF untouched, without drawing it', async () => {
    const pdf = new File(['%PDF-1.4'], 'exame.pdf', { type: 'application/pdf' });
    await expect(resizeImageForUpload(pdf, 0.5)).resolves.toBe(pdf);
    expect(compressor.calls).toHaveLength(0);
  });

  it('asks for at most 800 px wide, JPEG at the given quality, always re-encoded', async () => {
    const png = new File([new Uint8Array([0x89, 0x50])], 'raio-x.png', { type: 'image/png' });
    await resizeImageForUpload(png, 0.5);
    await resizeImageForUpload(png, 0.9);
    expect(compressor.calls).toHaveLength(2);
    expect(compressor.calls[0]?.file).toBe(png);
    expect(compressor.calls[0]?.options).toMatchObject({
      maxWidth: 800,
      quality: 0.5,
      mimeType: 'image/jpeg',
      strict: false,
      retainExif: false,
    });
    expect(compressor.calls[1]?.options.quality).toBe(0.9);
  });

  it('takes another width when asked (the document photo of /profissional)', async () => {
    const png = new File([new Uint8Array([0x89, 0x50])], 'crm.png', { type: 'image/png' });
    await resizeImageForUpload(png, 0.5, 640);
    expect(compressor.calls[0]?.options).toMatchObject({ maxWidth: 640, quality: 0.5 });
  });

  it('answers a JPEG File named after the original with .jpg', async () => {
    const webp = new File([new Uint8Array([1])], 'foto do exame.webp', { type: 'image/webp' });
    const out = await resizeImageForUpload(webp, 0.5);
    expect(out).toBeInstanceOf(File);
    expect(out.name).toBe('foto do exame.jpg');
    expect(out.type).toBe('image/jpeg');
    expect(new Uint8Array(await out.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]));

    const jpeg = new File([new Uint8Array([1])], 'IMG_001.JPEG', { type: 'image/jpeg' });
    expect((await resizeImageForUpload(jpeg, 0.5)).name).toBe('IMG_001.jpg');
    const unnamed = new File([new Uint8Array([1])], '', { type: 'image/png' });
    expect((await resizeImageForUpload(unnamed, 0.5)).name).toBe('imagem.jpg');
  });

  it('rejects an image the browser cannot decode with a pt-BR message', async () => {
    compressor.outcome = 'error';
    const jpeg = new File([new Uint8Array([1])], 'a.jpg', { type: 'image/jpeg' });
    await expect(resizeImageForUpload(jpeg, 0.5)).rejects.toThrow(IMAGE_UNREADABLE_MESSAGE);
  });

  it('refuses other types with the server message', async () => {
    const exe = new File(['MZ'], 'programa.exe', { type: 'application/x-msdownload' });
    await expect(resizeImageForUpload(exe, 0.5)).rejects.toThrow(TIMELINE_MESSAGES.anexoTipo);
    const gif = new File(['GIF89a'], 'a.gif', { type: 'image/gif' });
    await expect(resizeImageForUpload(gif, 0.5)).rejects.toThrow(TIMELINE_MESSAGES.anexoTipo);
    expect(compressor.calls).toHaveLength(0);
  });
});

describe('anexoKind', () => {
  it('tells images and PDFs by type, or by extension when the type is blank', () => {
    expect(anexoKind(new File([], 'a', { type: 'image/png' }))).toBe('image');
    expect(anexoKind(new File([], 'a', { type: 'application/pdf' }))).toBe('pdf');
    expect(anexoKind(new File([], 'foto.JPG'))).toBe('image');
    expect(anexoKind(new File([], 'laudo.pdf'))).toBe('pdf');
    expect(anexoKind(new File([], 'nota.txt'))).toBeNull();
    expect(anexoKind(new File([], 'x.jpg', { type: 'text/plain' }))).toBeNull();
  });
});
