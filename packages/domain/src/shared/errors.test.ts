import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  firstErrorMessage,
  firstFieldMessages,
  GENERIC_ERROR_MESSAGE,
  issuesToFieldErrors,
  OVERLOADED_MESSAGE,
  SERVICE_UNAVAILABLE_MESSAGE,
  TOO_MANY_REQUESTS_MESSAGE,
  UNAUTHENTICATED_MESSAGE,
  VALIDATION_MESSAGE,
} from './errors.ts';

describe('error messages', () => {
  it('are pt-BR and say nothing about the data', () => {
    expect(GENERIC_ERROR_MESSAGE).toBe('Ocorreu um erro inesperado. Tente novamente em instantes.');
    expect(VALIDATION_MESSAGE).toBe('Verifique os dados informados.');
    expect(UNAUTHENTICATED_MESSAGE).toBe('Sua sessão expirou. Entre novamente.');
    expect(TOO_MANY_REQUESTS_MESSAGE).toBe('Muitas tentativas. Aguarde um minuto e tente novamente.');
    expect(SERVICE_UNAVAILABLE_MESSAGE).toBe(
      'O serviço está temporariamente indisponível. Tente novamente em instantes.',
    );
    expect(OVERLOADED_MESSAGE).toBe(
      'O Pulso está com muitos acessos agora. Tente novamente em alguns segundos.',
    );
  });
});

describe('firstFieldMessages', () => {
  it('keeps the first message of each field and leaves out a field without one', () => {
    expect(firstFieldMessages({ password: ['a', 'c'], email: ['b'], vazio: [] })).toEqual({
      password: 'a',
      email: 'b',
    });
  });

  it('is empty for no errors', () => {
    expect(firstFieldMessages({})).toEqual({});
  });
});

describe('issuesToFieldErrors', () => {
  it('groups messages by field, keeping their order', () => {
    expect(
      issuesToFieldErrors([
        { path: ['password'], message: 'a' },
        { path: ['email'], message: 'b' },
        { path: ['password'], message: 'c' },
      ]),
    ).toEqual({ password: ['a', 'c'], email: ['b'] });
  });

  it('keeps the order of the fields as the issues come', () => {
    const errors = issuesToFieldErrors([
      { path: ['z'], message: '1' },
      { path: ['a'], message: '2' },
    ]);
    expect(Object.keys(errors)).toEqual(['z', 'a']);
  });

  it('joins nested paths with dots, array indices included', () => {
    expect(
      issuesToFieldErrors([
        { path: ['cidade', 'id'], message: 'x' },
        { path: ['anexos', 0, 'url'], message: 'y' },
      ]),
    ).toEqual({ 'cidade.id': ['x'], 'anexos.0.url': ['y'] });
  });

  it('files an issue of the whole body under "_"', () => {
    expect(issuesToFieldErrors([{ path: [], message: 'corpo inválido' }])).toEqual({ _: ['corpo inválido'] });
  });

  it('answers an empty object without issues', () => {
    expect(issuesToFieldErrors([])).toEqual({});
  });

  it('reads zod issues directly', () => {
    const schema = z.object({ a: z.string().min(1, 'A vazio'), b: z.object({ c: z.number('C inválido') }) });
    const result = schema.safeParse({ a: '', b: { c: 'x' } });
    expect(result.success).toBe(false);
    expect(issuesToFieldErrors(result.error?.issues ?? [])).toEqual({
      a: ['A vazio'],
      'b.c': ['C inválido'],
    });
  });
});

describe('firstErrorMessage', () => {
  it('answers a plain string as is', () => {
    expect(firstErrorMessage('E-mail ou senha incorretos')).toBe('E-mail ou senha incorretos');
  });

  it('answers the first message of the first field', () => {
    expect(firstErrorMessage({ email: ['a', 'b'], password: ['c'] })).toBe('a');
  });

  it('skips fields without messages', () => {
    expect(firstErrorMessage({ email: [], password: ['c', 'd'] })).toBe('c');
  });

  it('answers null when there is nothing to show', () => {
    expect(firstErrorMessage(null)).toBeNull();
    expect(firstErrorMessage(undefined)).toBeNull();
    expect(firstErrorMessage({})).toBeNull();
    expect(firstErrorMessage({ email: [] })).toBeNull();
  });

  it('agrees with issuesToFieldErrors on the 422 message', () => {
    const errors = issuesToFieldErrors([
      { path: ['name'], message: 'Informe o seu nome e sobrenome' },
      { path: ['telefone'], message: 'Informe um número de celular válido' },
    ]);
    expect(firstErrorMessage(errors)).toBe('Informe o seu nome e sobrenome');
  });
});
