import { describe, expect, it } from 'vitest';
import { cleanLine, cleanText, cleanTextDeep, InputTooDeepError, MAX_INPUT_DEPTH } from './text.ts';

describe('cleanText', () => {
  it('strips NUL, the other C0 controls, DEL and C1, keeping tab and line feed', () => {
    expect(cleanText('a\u0000b\u0001c\u0007d\u001be\u007ff\u0085g\u009fh')).toBe('abcdefgh');
    expect(cleanText('Linha 1\n\tLinha 2')).toBe('Linha 1\n\tLinha 2');
  });

  it('turns CR LF and a lone CR into a line feed', () => {
    expect(cleanText('a\r\nb\rc')).toBe('a\nb\nc');
  });

  it('strips half a surrogate pair sent alone, keeping whole pairs (emoji)', () => {
    expect(cleanText('a\ud800b\udfffc')).toBe('abc');
    expect(cleanText('😀\ud83d')).toBe('😀');
  });

  it('leaves pt-BR text, emoji and other Unicode alone', () => {
    const text = 'Coração, pressão 12×8 — ótimo 😀 ¡¿ U+00A0:\u00a0';
    expect(cleanText(text)).toBe(text);
  });
});

describe('cleanLine', () => {
  it('folds tabs and line breaks of a single-line field into one space', () => {
    expect(cleanLine('Rua A,\r\n\t\t100\u0000')).toBe('Rua A, 100');
  });
});

describe('cleanTextDeep', () => {
  it('cleans every string of plain objects and arrays, in place', () => {
    const body = { a: 'x\u0000', b: [{ c: 'y\u0007' }, 'z\u009f'], n: 1, ok: true, nada: null };
    expect(cleanTextDeep(body)).toBe(body);
    expect(body).toEqual({ a: 'x', b: [{ c: 'y' }, 'z'], n: 1, ok: true, nada: null });
    expect(cleanTextDeep('a\u0000')).toBe('a');
  });

  it('cleans null-prototype dictionaries and objects built on one (the router params)', () => {
    const dictionary = Object.assign(Object.create(null), { a: 'x\u0000' });
    const params = Object.assign(Object.create(Object.create(null)), { id: '1\u0000' });
    cleanTextDeep(dictionary);
    cleanTextDeep(params);
    expect(dictionary.a).toBe('x');
    expect(params.id).toBe('1');
  });

  it('leaves files, buffers and other class instances alone', () => {
    class Upload {
      name = 'a\u0000';
    }
    const upload = new Upload();
    const buffer = Buffer.from('a\u0000');
    cleanTextDeep({ upload, buffer });
    expect(upload.name).toBe('a\u0000');
    expect(buffer.toString()).toBe('a\u0000');
  });

  it('keeps a __proto__ key read from JSON an own property', () => {
    const body = JSON.parse('{"__proto__": "x\\u0000"}');
    cleanTextDeep(body);
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(body, '__proto__')?.value).toBe('x');
  });

  it(`refuses nesting past ${MAX_INPUT_DEPTH} levels without overflowing the stack`, () => {
    let ok: unknown = 'x';
    for (let i = 1; i < MAX_INPUT_DEPTH; i += 1) ok = [ok];
    expect(() => cleanTextDeep(ok)).not.toThrow();
    let deep: unknown = {};
    for (let i = 0; i < 100_000; i += 1) deep = { a: deep };
    expect(() => cleanTextDeep(deep)).toThrow(InputTooDeepError);
  });
});
