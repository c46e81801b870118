import { describe, expect, it } from 'vitest';
import { alertViewerLabel, codeAlertText, locationAlertText } from './alerts.ts';
import { contactWhatsappHref } from './contact-whatsapp.ts';
import { LocationShareSchema, mapHref, roundCoordinate } from './location.ts';

const guest = { kind: 'guest', name: null, doctor: false } as const;

describe('alerts when the code is opened (docs/code-alerts.md)', () => {
  it('names the viewer: a doctor by name, a professional, another account, a visitor', () => {
    expect(alertViewerLabel({ kind: 'own_doctor', name: 'Ana Souza', doctor: true })).toBe(
      'Dr(a). Ana Souza',
    );
    expect(alertViewerLabel({ kind: 'health_professional', name: 'Ana Souza', doctor: true })).toBe(
      'Dr(a). Ana Souza',
    );
    expect(alertViewerLabel({ kind: 'health_professional', name: 'Rui Lima', doctor: false })).toBe(
      'um profissional de saúde',
    );
    // A doctor's account removed since: no name to give.
    expect(alertViewerLabel({ kind: 'own_doctor', name: null, doctor: true })).toBe(
      'um profissional de saúde',
    );
    expect(alertViewerLabel({ kind: 'other_user', name: 'Rui Lima', doctor: false })).toBe(
      'um usuário do Pulso',
    );
    expect(alertViewerLabel(guest)).toBe('um visitante');
  });

  it('tells the time in São Paulo, and sums the rest with the time of the last', () => {
    // 06:12 UTC is 03:12 in São Paulo (UTC−3, no daylight saving since 2019).
    expect(codeAlertText({ at: '2026-11-28T06:12:00Z', viewer: guest, more: 0 })).toBe(
      'Seu código Pulso foi aberto às 03:12 por um visitante.',
    );
    expect(
      codeAlertText({ at: '2026-11-28T06:12:00Z', viewer: guest, more: 1, lastAt: '2026-11-28T06:20:00Z' }),
    ).toBe('Seu código Pulso foi aberto às 03:12 por um visitante e mais 1 vez até as 03:20.');
    expect(
      codeAlertText({
        at: new Date('2026-11-28T02:59:00Z'),
        viewer: guest,
        more: 2,
        lastAt: '2026-11-28T03:00:00Z',
      }),
    ).toBe('Seu código Pulso foi aberto às 23:59 por um visitante e mais 2 vezes até as 00:00.');
  });

  it('tells a shared location with its map link', () => {
    expect(locationAlertText('2026-11-28T06:12:00Z', mapHref(-23.55052, -46.63331))).toBe(
      'Quem abriu seu código Pulso às 03:12 compartilhou onde está: https://www.google.com/maps?q=-23.551,-46.633',
    );
  });
});

describe('a shared location (docs/code-alerts.md "Where")', () => {
  it('rounds to 3 decimals, about 100 m, never -0', () => {
    expect(roundCoordinate(-23.55052)).toBe(-23.551);
    expect(roundCoordinate(-46.6334999)).toBe(-46.633);
    expect(roundCoordinate(0.0004)).toBe(0);
    expect(Object.is(roundCoordinate(-0.0004), 0)).toBe(true);
    expect(roundCoordinate(180)).toBe(180);
  });

  it('accepts degrees within the globe and a token, nothing else', () => {
    const ok = { token: 'x', latitude: -90, longitude: 180 };
    expect(LocationShareSchema.safeParse(ok).success).toBe(true);
    expect(LocationShareSchema.safeParse({ ...ok, latitude: 90.0001 }).success).toBe(false);
    expect(LocationShareSchema.safeParse({ ...ok, longitude: -180.0001 }).success).toBe(false);
    expect(LocationShareSchema.safeParse({ ...ok, latitude: '10' }).success).toBe(false);
    expect(LocationShareSchema.safeParse({ ...ok, token: '' }).success).toBe(false);
    expect(LocationShareSchema.safeParse({ ...ok, token: 'x'.repeat(121) }).success).toBe(false);
  });

  it('ends the WhatsApp message with the map link once shared', () => {
    const href = contactWhatsappHref('11912345678', 'Ana Lima', mapHref(-23.5506, -46.6333)) ?? '';
    expect(decodeURIComponent(href.split('?text=')[1] ?? '')).toMatch(
      / Estou aqui: https:\/\/www\.google\.com\/maps\?q=-23\.551,-46\.633$/,
    );
  });
});
