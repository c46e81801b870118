import { describe, expect, it } from 'vitest';
import { PERMISSOES_MESSAGES } from './messages.ts';
import {
  ACCESS_TAB_LABELS,
  ACCESS_TABS,
  type AccessTab,
  AcessoViewSchema,
  AlertasUpdateSchema,
  classifyViewer,
  DEFAULT_PERMISSOES,
  PermissoesEmergenciaSchema,
  PermissoesSaudeSchema,
  PermissoesTimelineSchema,
  PermissoesViewSchema,
  SAUDE_LEVEL_INFO,
  SAUDE_LEVELS,
  type SaudeLevel,
  servedTabs,
  showsHealthAlert,
  VIEWER_KIND_LABELS,
  VIEWER_KINDS,
  type ViewerFacts,
  type ViewerKind,
  visibleTabs,
} from './permissoes.ts';

describe('PERMISSOES_MESSAGES', () => {
  it('carries the messages verbatim (docs/authorization.md "Permissions screen")', () => {
    expect(PERMISSOES_MESSAGES.updated).toBe('Permissões atualizadas com sucesso');
    expect(PERMISSOES_MESSAGES.denied).toBe(
      'Você não possui permissão para acessar as informações de saúde deste paciente.',
    );
  });
});

/**
 * docs/authorization.md "Who sees what through the code", written out by
 * hand rather than computed:
 * My Health — 1 only the patient; 2 + their doctors; 3 + any signed-in doctor
 * or emergency professional; 4 anyone (a visitor without an account too).
 * Timeline — only with `permissoes.timeline` on and My Health readable.
 * The patient reading their own code always gets both tabs (it is their own
 * record; the levels govern the other viewers).
 * Columns: [saude, timeline] for timeline off, then for timeline on.
 */
type Row = readonly [off: readonly [boolean, boolean], on: readonly [boolean, boolean]];
const Y = true;
const N = false;
const EXPECTED: Record<SaudeLevel, Record<ViewerKind, Row>> = {
  1: {
    self: [
      [Y, Y],
      [Y, Y],
    ],
    own_doctor: [
      [N, N],
      [N, N],
    ],
    health_professional: [
      [N, N],
      [N, N],
    ],
    other_user: [
      [N, N],
      [N, N],
    ],
    guest: [
      [N, N],
      [N, N],
    ],
  },
  2: {
    self: [
      [Y, Y],
      [Y, Y],
    ],
    own_doctor: [
      [Y, N],
      [Y, Y],
    ],
    health_professional: [
      [N, N],
      [N, N],
    ],
    other_user: [
      [N, N],
      [N, N],
    ],
    guest: [
      [N, N],
      [N, N],
    ],
  },
  3: {
    self: [
      [Y, Y],
      [Y, Y],
    ],
    own_doctor: [
      [Y, N],
      [Y, Y],
    ],
    health_professional: [
      [Y, N],
      [Y, Y],
    ],
    other_user: [
      [N, N],
      [N, N],
    ],
    guest: [
      [N, N],
      [N, N],
    ],
  },
  4: {
    self: [
      [Y, Y],
      [Y, Y],
    ],
    own_doctor: [
      [Y, N],
      [Y, Y],
    ],
    health_professional: [
      [Y, N],
      [Y, Y],
    ],
    other_user: [
      [Y, N],
      [Y, Y],
    ],
    guest: [
      [Y, N],
      [Y, Y],
    ],
  },
};

const matrix = ([1, 2, 3, 4] as const).flatMap((saude) =>
  (['guest', 'self', 'own_doctor', 'health_professional', 'other_user'] as const).flatMap((viewer) =>
    ([false, true] as const).map((timeline) => {
      const [expectedSaude, expectedTimeline] = EXPECTED[saude][viewer][timeline ? 1 : 0];
      return { saude, viewer, timeline, expectedSaude, expectedTimeline };
    }),
  ),
);

describe('visibleTabs', () => {
  it('has all 40 cases of the matrix', () => {
    expect(matrix).toHaveLength(40);
    expect(new Set(matrix.map((c) => `${c.saude}-${c.viewer}-${c.timeline}`)).size).toBe(40);
  });

  it.each(matrix)(
    'level $saude, $viewer, timeline $timeline → saude $expectedSaude, timeline $expectedTimeline',
    ({ saude, viewer, timeline, expectedSaude, expectedTimeline }) => {
      expect(visibleTabs({ ...DEFAULT_PERMISSOES, saude, timeline }, viewer)).toEqual({
        saude: expectedSaude,
        timeline: expectedTimeline,
        endereco: false,
        emergencia_saude: false,
      });
    },
  );

  it('never serves the timeline without My Health', () => {
    for (const { saude, viewer, timeline } of matrix) {
      const tabs = visibleTabs({ ...DEFAULT_PERMISSOES, saude, timeline }, viewer);
      if (tabs.timeline) expect(tabs.saude).toBe(true);
    }
  });

  it('with the defaults (2, off) only the patient and their doctors read My Health, and only the patient the timeline', () => {
    const off = { endereco: false, emergencia_saude: false };
    expect(visibleTabs(DEFAULT_PERMISSOES, 'self')).toEqual({ saude: true, timeline: true, ...off });
    expect(visibleTabs(DEFAULT_PERMISSOES, 'own_doctor')).toEqual({ saude: true, timeline: false, ...off });
    for (const viewer of ['health_professional', 'other_user', 'guest'] as const) {
      expect(visibleTabs(DEFAULT_PERMISSOES, viewer)).toEqual({ saude: false, timeline: false, ...off });
    }
  });

  it('keeps the address and the allergies strip off by default, for everyone', () => {
    expect(DEFAULT_PERMISSOES).toEqual({
      saude: 2,
      timeline: false,
      endereco: false,
      emergencia_saude: false,
    });
  });

  it('gives every viewer, the patient too, the same Emergency tab: address and strip by their switches', () => {
    for (const viewer of VIEWER_KINDS) {
      for (const endereco of [false, true]) {
        for (const emergencia_saude of [false, true]) {
          const tabs = visibleTabs({ saude: 1, timeline: false, endereco, emergencia_saude }, viewer);
          expect(tabs.endereco).toBe(endereco);
          expect(tabs.emergencia_saude).toBe(emergencia_saude);
        }
      }
    }
  });
});

describe('showsHealthAlert', () => {
  const tabs = (saude: boolean, emergencia_saude: boolean) => ({
    saude,
    timeline: false,
    endereco: false,
    emergencia_saude,
  });

  it('shows the strip when the patient turned it on, or the viewer reads My Health anyway', () => {
    expect(showsHealthAlert(tabs(false, false))).toBe(false);
    expect(showsHealthAlert(tabs(false, true))).toBe(true);
    expect(showsHealthAlert(tabs(true, false))).toBe(true);
    expect(showsHealthAlert(tabs(true, true))).toBe(true);
  });

  it('shows a guest the strip with the switch on at the strictest level (1, only me)', () => {
    const guest = visibleTabs({ saude: 1, timeline: true, endereco: false, emergencia_saude: true }, 'guest');
    expect(guest.saude).toBe(false);
    expect(showsHealthAlert(guest)).toBe(true);
  });
});

describe('classifyViewer', () => {
  const facts = (overrides: Partial<ViewerFacts>): ViewerFacts => ({
    signedIn: true,
    isSelf: false,
    isOwnDoctor: false,
    isHealthProfessional: false,
    ...overrides,
  });

  it('classifies each single fact', () => {
    expect(classifyViewer(facts({ isSelf: true }))).toBe('self');
    expect(classifyViewer(facts({ isOwnDoctor: true }))).toBe('own_doctor');
    expect(classifyViewer(facts({ isHealthProfessional: true }))).toBe('health_professional');
    expect(classifyViewer(facts({}))).toBe('other_user');
  });

  it('self wins over being a doctor or a professional (a doctor reading their own code)', () => {
    expect(classifyViewer(facts({ isSelf: true, isOwnDoctor: true }))).toBe('self');
    expect(classifyViewer(facts({ isSelf: true, isHealthProfessional: true }))).toBe('self');
    expect(classifyViewer(facts({ isSelf: true, isOwnDoctor: true, isHealthProfessional: true }))).toBe(
      'self',
    );
  });

  it('own doctor wins over professional', () => {
    expect(classifyViewer(facts({ isOwnDoctor: true, isHealthProfessional: true }))).toBe('own_doctor');
  });

  it('is guest when not signed in, whatever the other facts', () => {
    for (const isSelf of [false, true]) {
      for (const isOwnDoctor of [false, true]) {
        for (const isHealthProfessional of [false, true]) {
          expect(classifyViewer({ signedIn: false, isSelf, isOwnDoctor, isHealthProfessional })).toBe(
            'guest',
          );
        }
      }
    }
  });
});

describe('servedTabs', () => {
  const none = { saude: false, timeline: false, endereco: false, emergencia_saude: false };

  it('always lists the Emergency tab first, then the served ones in page order', () => {
    expect(servedTabs(none)).toEqual(['emergencia']);
    expect(servedTabs({ ...none, saude: true })).toEqual(['emergencia', 'emergencia_saude', 'saude']);
    expect(servedTabs({ ...none, saude: true, timeline: true })).toEqual([
      'emergencia',
      'emergencia_saude',
      'saude',
      'timeline',
    ]);
  });

  it("lists the Emergency tab's address and allergies strip when served", () => {
    expect(servedTabs({ ...none, endereco: true })).toEqual(['emergencia', 'endereco']);
    expect(servedTabs({ ...none, emergencia_saude: true })).toEqual(['emergencia', 'emergencia_saude']);
    expect(servedTabs({ ...none, endereco: true, emergencia_saude: true })).toEqual([
      'emergencia',
      'endereco',
      'emergencia_saude',
    ]);
  });

  it('reports a timeline-only input as given (visibleTabs never produces it)', () => {
    expect(servedTabs({ ...none, timeline: true })).toEqual(['emergencia', 'timeline']);
  });

  it('returns a new array each time', () => {
    const a = servedTabs(none);
    a.push('saude');
    expect(servedTabs(none)).toEqual(['emergencia']);
  });
});

describe('PermissoesEmergenciaSchema', () => {
  it('takes one switch or both, as booleans', () => {
    expect(PermissoesEmergenciaSchema.parse({ endereco: true })).toEqual({ endereco: true });
    expect(PermissoesEmergenciaSchema.parse({ emergencia_saude: false })).toEqual({
      emergencia_saude: false,
    });
    expect(PermissoesEmergenciaSchema.parse({ endereco: false, emergencia_saude: true })).toEqual({
      endereco: false,
      emergencia_saude: true,
    });
  });

  it.each([{}, { endereco: 'true' }, { emergencia_saude: 1 }, { endereco: null }, { outro: true }])(
    'refuses %j with the message',
    (body) => {
      const result = PermissoesEmergenciaSchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(PERMISSOES_MESSAGES.emergencia);
    },
  );
});

describe('AlertasUpdateSchema', () => {
  it('takes one switch or both, as booleans', () => {
    expect(AlertasUpdateSchema.parse({ push: false })).toEqual({ push: false });
    expect(AlertasUpdateSchema.parse({ push: true, email: false })).toEqual({ push: true, email: false });
  });

  it.each([{}, { push: 'false' }, { email: 0 }, { email: null }, { sms: true }])(
    'refuses %j with the message',
    (body) => {
      const result = AlertasUpdateSchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(PERMISSOES_MESSAGES.alertas);
    },
  );
});

describe('PermissoesSaudeSchema', () => {
  it.each([1, 2, 3, 4])('accepts level %s', (saude) => {
    expect(PermissoesSaudeSchema.parse({ saude })).toEqual({ saude });
  });

  it('accepts a numeric string and answers a number', () => {
    expect(PermissoesSaudeSchema.parse({ saude: '3' })).toEqual({ saude: 3 });
    expect(PermissoesSaudeSchema.parse({ saude: '1' })).toEqual({ saude: 1 });
    expect(PermissoesSaudeSchema.parse({ saude: '4' })).toEqual({ saude: 4 });
  });

  it.each([
    ['0', 0],
    ['5', 5],
    ['2.5', 2.5],
    ['-1', -1],
    ["'x'", 'x'],
    ["'0'", '0'],
    ["'5'", '5'],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['true', true],
    ['false', false],
    ['null', null],
    ["''", ''],
    ["' 2'", ' 2'],
    ["'2.0'", '2.0'],
    ['[2]', [2]],
  ])('rejects %s with the pt-BR message', (_label, saude) => {
    const result = PermissoesSaudeSchema.safeParse({ saude });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(PERMISSOES_MESSAGES.saude);
    expect(result.error?.issues.every((i) => i.path.join('.') === 'saude')).toBe(true);
  });

  it('rejects a missing level with the pt-BR message', () => {
    const result = PermissoesSaudeSchema.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(PERMISSOES_MESSAGES.saude);
    expect(result.error?.issues[0]?.path).toEqual(['saude']);
  });

  it('strips other fields (the timeline is changed by its own route)', () => {
    expect(PermissoesSaudeSchema.parse({ saude: 2, timeline: true })).toEqual({ saude: 2 });
  });
});

describe('PermissoesTimelineSchema', () => {
  it.each([true, false])('accepts %s', (timeline) => {
    expect(PermissoesTimelineSchema.parse({ timeline })).toEqual({ timeline });
  });

  it.each([
    ['the string "true"', 'true'],
    ['the string "false"', 'false'],
    ['1', 1],
    ['0', 0],
    ['null', null],
    ['missing', undefined],
  ])('rejects %s with the pt-BR message', (_label, timeline) => {
    const result = PermissoesTimelineSchema.safeParse(timeline === undefined ? {} : { timeline });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(PERMISSOES_MESSAGES.timeline);
    expect(result.error?.issues[0]?.path).toEqual(['timeline']);
  });
});

describe('PermissoesViewSchema and DEFAULT_PERMISSOES', () => {
  it('defaults a new account to level 2 with the timeline, the address and the strip off', () => {
    expect(DEFAULT_PERMISSOES).toEqual({
      saude: 2,
      timeline: false,
      endereco: false,
      emergencia_saude: false,
    });
    expect(PermissoesViewSchema.parse(DEFAULT_PERMISSOES)).toEqual(DEFAULT_PERMISSOES);
  });

  it('accepts levels 1..4 only and boolean switches', () => {
    const view = (overrides: Record<string, unknown>) =>
      PermissoesViewSchema.safeParse({ ...DEFAULT_PERMISSOES, ...overrides }).success;
    expect(view({ saude: 1, timeline: true })).toBe(true);
    expect(view({ saude: 4, endereco: true, emergencia_saude: true })).toBe(true);
    expect(view({ saude: 0 })).toBe(false);
    expect(view({ saude: 5 })).toBe(false);
    expect(view({ saude: '2' })).toBe(false);
    expect(view({ timeline: 'false' })).toBe(false);
    expect(view({ endereco: 1 })).toBe(false);
    expect(view({ emergencia_saude: null })).toBe(false);
  });
});

describe('labels', () => {
  it('lists the four levels and five viewer kinds', () => {
    expect(SAUDE_LEVELS).toEqual([1, 2, 3, 4]);
    expect([...VIEWER_KINDS].sort()).toEqual([
      'guest',
      'health_professional',
      'other_user',
      'own_doctor',
      'self',
    ]);
    expect(ACCESS_TABS).toEqual([
      'emergencia',
      'endereco',
      'emergencia_saude',
      'saude',
      'timeline',
      'adicionar',
      'resumo',
    ]);
  });

  it('explains every level with a label and a description', () => {
    expect(Object.keys(SAUDE_LEVEL_INFO).map(Number)).toEqual([...SAUDE_LEVELS]);
    for (const level of SAUDE_LEVELS) {
      expect(SAUDE_LEVEL_INFO[level].label.trim()).not.toBe('');
      expect(SAUDE_LEVEL_INFO[level].description.trim()).not.toBe('');
    }
    const labels = SAUDE_LEVELS.map((level) => SAUDE_LEVEL_INFO[level].label);
    expect(new Set(labels).size).toBe(4);
  });

  it('names every viewer kind, distinctly', () => {
    expect(Object.keys(VIEWER_KIND_LABELS).sort()).toEqual([...VIEWER_KINDS].sort());
    for (const kind of VIEWER_KINDS) expect(VIEWER_KIND_LABELS[kind].trim()).not.toBe('');
    expect(new Set(Object.values(VIEWER_KIND_LABELS)).size).toBe(VIEWER_KINDS.length);
  });

  it('names every tab, distinctly', () => {
    expect(Object.keys(ACCESS_TAB_LABELS)).toEqual([...ACCESS_TABS]);
    for (const tab of ACCESS_TABS) expect(ACCESS_TAB_LABELS[tab].trim()).not.toBe('');
    expect(new Set(Object.values(ACCESS_TAB_LABELS)).size).toBe(ACCESS_TABS.length);
  });
});

describe('AcessoViewSchema', () => {
  const row = {
    id: 7,
    created_at: '2025-06-10T15:30:00.000Z',
    viewer: { name: 'Dra. Ana Souza', kind: 'own_doctor' as ViewerKind },
    tabs: ['emergencia', 'saude'] as AccessTab[],
    codigo_substituido: null,
    localizacao: null,
    destinatario: null,
  };

  it('parses a signed-in viewer and a visitor', () => {
    expect(AcessoViewSchema.parse(row)).toEqual(row);
    const visitor = { ...row, viewer: null, tabs: ['emergencia'] };
    expect(AcessoViewSchema.parse(visitor)).toEqual(visitor);
  });

  it('parses an attempt with a replaced code: that code, no tab; the field is required', () => {
    const attempt = { ...row, tabs: [], codigo_substituido: '123AB456' };
    expect(AcessoViewSchema.parse(attempt)).toEqual(attempt);
    const { codigo_substituido: _, ...without } = row;
    expect(AcessoViewSchema.safeParse(without).success).toBe(false);
  });

  it('parses a shared location; the field is required', () => {
    const shared = { ...row, localizacao: { latitude: -23.551, longitude: -46.633 } };
    expect(AcessoViewSchema.parse(shared)).toEqual(shared);
    const { localizacao: _, ...without } = row;
    expect(AcessoViewSchema.safeParse(without).success).toBe(false);
  });

  it("strips the viewer's id, e-mail and any other field", () => {
    const parsed = AcessoViewSchema.parse({
      ...row,
      user_id: 1,
      viewer_user_id: 42,
      ip: '203.0.113.9',
      viewer: { ...row.viewer, id: 42, email: 'ana@exemplo.com', code: '123AB456' },
    });
    expect(parsed).toEqual(row);
    expect(parsed.viewer).not.toHaveProperty('id');
    expect(parsed.viewer).not.toHaveProperty('email');
    expect(JSON.stringify(parsed)).not.toContain('ana@exemplo.com');
  });

  it('rejects an unknown viewer kind or tab', () => {
    expect(AcessoViewSchema.safeParse({ ...row, viewer: { name: 'X', kind: 'admin' } }).success).toBe(false);
    expect(AcessoViewSchema.safeParse({ ...row, tabs: ['emergencia', 'pagamentos'] }).success).toBe(false);
  });
});
