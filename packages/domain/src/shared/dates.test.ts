import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ageOn,
  BIRTH_DATE_MIN,
  formatDateBR,
  formatInstantBR,
  isIsoDate,
  isValidBirthDate,
  parseDateBR,
  TIME_ZONE,
  todayInSaoPaulo,
} from './dates.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('date constants', () => {
  it('match docs/accounts.md "Dates and times"', () => {
    expect(TIME_ZONE).toBe('America/Sao_Paulo');
    expect(BIRTH_DATE_MIN).toBe('1920-01-01');
  });
});

describe('isIsoDate', () => {
  it('accepts real dates written YYYY-MM-DD', () => {
    expect(isIsoDate('1990-05-17')).toBe(true);
    expect(isIsoDate('1920-01-01')).toBe(true);
    expect(isIsoDate('2025-12-31')).toBe(true);
  });

  it('accepts Feb 29 only in leap years', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2000-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('1900-02-29')).toBe(false);
  });

  it('rejects days and months out of range', () => {
    expect(isIsoDate('2024-02-30')).toBe(false);
    expect(isIsoDate('2025-04-31')).toBe(false);
    expect(isIsoDate('2025-04-30')).toBe(true);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('2025-00-10')).toBe(false);
    expect(isIsoDate('2025-01-00')).toBe(false);
    expect(isIsoDate('2025-01-32')).toBe(false);
  });

  it('rejects other spellings', () => {
    expect(isIsoDate('17/05/1990')).toBe(false);
    expect(isIsoDate('1990-5-17')).toBe(false);
    expect(isIsoDate('1990-05-17T00:00:00Z')).toBe(false);
    expect(isIsoDate(' 1990-05-17')).toBe(false);
    expect(isIsoDate('19900517')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });
});

describe('todayInSaoPaulo', () => {
  it('is still the previous day until 03:00 UTC', () => {
    expect(todayInSaoPaulo(new Date('2026-01-01T02:00:00Z'))).toBe('2025-12-31');
    expect(todayInSaoPaulo(new Date('2026-01-01T02:59:59.999Z'))).toBe('2025-12-31');
  });

  it('turns the day at 03:00 UTC', () => {
    expect(todayInSaoPaulo(new Date('2026-01-01T03:00:00Z'))).toBe('2026-01-01');
    expect(todayInSaoPaulo(new Date('2026-01-01T23:59:59Z'))).toBe('2026-01-01');
  });

  it('uses the time-zone rules of the date, not a fixed offset (summer time until 2019)', () => {
    expect(todayInSaoPaulo(new Date('2019-01-01T01:59:59Z'))).toBe('2018-12-31');
    expect(todayInSaoPaulo(new Date('2019-01-01T02:00:00Z'))).toBe('2019-01-01');
  });

  it('writes a leap day as ISO', () => {
    expect(todayInSaoPaulo(new Date('2024-02-29T12:00:00Z'))).toBe('2024-02-29');
  });

  it('answers each instant, also asked twice within one minute across the turn of the day', () => {
    // The answer is kept per UTC minute: the minute before 03:00 and 03:00 itself are different minutes.
    expect(todayInSaoPaulo(new Date('2026-03-10T02:59:00Z'))).toBe('2026-03-09');
    expect(todayInSaoPaulo(new Date('2026-03-10T02:59:59.999Z'))).toBe('2026-03-09');
    expect(todayInSaoPaulo(new Date('2026-03-10T03:00:00Z'))).toBe('2026-03-10');
    expect(todayInSaoPaulo(new Date('2026-03-10T02:59:30Z'))).toBe('2026-03-09');
    expect(todayInSaoPaulo(new Date('2027-03-10T02:59:30Z'))).toBe('2027-03-09');
  });

  it('defaults to the current instant', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T02:00:00Z'));
    expect(todayInSaoPaulo()).toBe('2025-12-31');
  });
});

describe('isValidBirthDate', () => {
  const today = '2026-03-15';

  it('accepts from 1920-01-01 up to and including today', () => {
    expect(isValidBirthDate('1920-01-01', today)).toBe(true);
    expect(isValidBirthDate('1990-05-17', today)).toBe(true);
    expect(isValidBirthDate('2026-03-15', today)).toBe(true);
  });

  it('rejects 1919-12-31 and tomorrow', () => {
    expect(isValidBirthDate('1919-12-31', today)).toBe(false);
    expect(isValidBirthDate('2026-03-16', today)).toBe(false);
  });

  it('rejects dates that do not exist or are not ISO', () => {
    expect(isValidBirthDate('2023-02-29', today)).toBe(false);
    expect(isValidBirthDate('15/03/2000', today)).toBe(false);
    expect(isValidBirthDate('', today)).toBe(false);
  });

  it('defaults to today in São Paulo, not in UTC', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T02:00:00Z'));
    expect(isValidBirthDate('2025-12-31')).toBe(true);
    expect(isValidBirthDate('2026-01-01')).toBe(false);
    vi.setSystemTime(new Date('2026-01-01T03:00:00Z'));
    expect(isValidBirthDate('2026-01-01')).toBe(true);
  });
});

describe('formatDateBR', () => {
  it('shows an ISO date as dd/mm/aaaa', () => {
    expect(formatDateBR('1990-05-17')).toBe('17/05/1990');
    expect(formatDateBR('2024-02-29')).toBe('29/02/2024');
    expect(formatDateBR('1920-01-01')).toBe('01/01/1920');
  });

  it('returns anything that is not ISO unchanged', () => {
    expect(formatDateBR('17/05/1990')).toBe('17/05/1990');
    expect(formatDateBR('')).toBe('');
    expect(formatDateBR('2024-02-29T10:00:00Z')).toBe('2024-02-29T10:00:00Z');
  });
});

describe('parseDateBR', () => {
  it('reads dd/mm/aaaa into ISO', () => {
    expect(parseDateBR('17/05/1990')).toBe('1990-05-17');
    expect(parseDateBR('01/01/1920')).toBe('1920-01-01');
    expect(parseDateBR(' 29/02/2024 ')).toBe('2024-02-29');
  });

  it('answers null for a date that does not exist', () => {
    expect(parseDateBR('29/02/2023')).toBeNull();
    expect(parseDateBR('31/04/2025')).toBeNull();
    expect(parseDateBR('00/01/2025')).toBeNull();
    expect(parseDateBR('01/13/2025')).toBeNull();
  });

  it('answers null for an incomplete or other spelling', () => {
    expect(parseDateBR('1/5/1990')).toBeNull();
    expect(parseDateBR('17/05/90')).toBeNull();
    expect(parseDateBR('17-05-1990')).toBeNull();
    expect(parseDateBR('1990-05-17')).toBeNull();
    expect(parseDateBR('17/05/1990 10:00')).toBeNull();
    expect(parseDateBR('')).toBeNull();
  });

  it('is the inverse of formatDateBR', () => {
    for (const iso of ['1920-01-01', '2000-02-29', '2025-12-31']) {
      expect(parseDateBR(formatDateBR(iso))).toBe(iso);
    }
  });
});

describe('formatInstantBR', () => {
  it('shows a UTC instant as the São Paulo date', () => {
    expect(formatInstantBR('2026-01-01T02:00:00Z')).toBe('31/12/2025');
    expect(formatInstantBR('2026-01-01T03:00:00Z')).toBe('01/01/2026');
    expect(formatInstantBR('2025-06-10T15:30:00.000Z')).toBe('10/06/2025');
  });

  it('accepts a Date', () => {
    expect(formatInstantBR(new Date('2026-01-01T02:59:59Z'))).toBe('31/12/2025');
    expect(formatInstantBR(new Date(Date.UTC(2024, 1, 29, 12)))).toBe('29/02/2024');
  });
});

describe('ageOn', () => {
  it('counts the year on the birthday, not the day before', () => {
    expect(ageOn('1990-05-17', '2020-05-16')).toBe(29);
    expect(ageOn('1990-05-17', '2020-05-17')).toBe(30);
    expect(ageOn('1990-05-17', '2020-05-18')).toBe(30);
  });

  it('compares the month before the day', () => {
    expect(ageOn('1990-05-17', '2020-04-30')).toBe(29);
    expect(ageOn('1990-05-17', '2020-06-01')).toBe(30);
    expect(ageOn('1990-12-31', '2020-12-30')).toBe(29);
    expect(ageOn('1990-12-31', '2020-12-31')).toBe(30);
    expect(ageOn('1990-01-01', '2020-12-31')).toBe(30);
  });

  it('is 0 on the day of birth and until the first birthday', () => {
    expect(ageOn('2026-03-15', '2026-03-15')).toBe(0);
    expect(ageOn('2025-03-15', '2026-03-14')).toBe(0);
    expect(ageOn('2025-03-15', '2026-03-15')).toBe(1);
  });

  it('turns a Feb 29 birth a year older on Mar 1 of a common year', () => {
    expect(ageOn('2000-02-29', '2001-02-28')).toBe(0);
    expect(ageOn('2000-02-29', '2001-03-01')).toBe(1);
    expect(ageOn('2000-02-29', '2023-02-28')).toBe(22);
    expect(ageOn('2000-02-29', '2023-03-01')).toBe(23);
  });

  it('turns a Feb 29 birth a year older on Feb 29 of a leap year', () => {
    expect(ageOn('2000-02-29', '2024-02-28')).toBe(23);
    expect(ageOn('2000-02-29', '2024-02-29')).toBe(24);
  });

  it('defaults to today in São Paulo', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T02:00:00Z'));
    expect(ageOn('1990-01-01')).toBe(35);
    vi.setSystemTime(new Date('2026-01-01T03:00:00Z'));
    expect(ageOn('1990-01-01')).toBe(36);
  });
});
