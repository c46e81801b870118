import { z } from 'zod';
import type { AtendimentoStatus } from '../telemedicina/telemedicina.ts';
import { PERMISSOES_MESSAGES } from './messages.ts';

/**
 * Who may see what through a patient's code (docs/authorization.md "Who
 * sees what through the code", "Permissions screen"). Pure rules: the server
 * classifies the viewer and serves only the allowed tabs; the web explains
 * the same levels.
 */

/** Levels of `permissoes.saude` (docs/authorization.md "Permissions screen"): 1 only me … 4 anyone. */
export const SAUDE_LEVELS = [1, 2, 3, 4] as const;
export type SaudeLevel = (typeof SAUDE_LEVELS)[number];

/**
 * Each level as the patient reads it on /permissoes: a short label
 * (docs/authorization.md "Permissions screen") and a plain explanation of who
 * will see allergies and medications.
 */
export const SAUDE_LEVEL_INFO: Record<SaudeLevel, { label: string; description: string }> = {
  1: {
    label: 'Somente eu',
    description:
      'Só você vê suas alergias, medicamentos e demais informações de saúde. Quem ler seu código vê apenas os dados de emergência.',
  },
  2: {
    label: 'Eu e meus médicos',
    description:
      'Você e os médicos que cuidam de você: o médico escolhido em "Informações hospitalares" e os médicos com quem você teve atendimento pelo Pulso.',
  },
  3: {
    label: 'Eu e qualquer profissional de saúde',
    description:
      'Também qualquer médico com conta no Pulso e profissionais de emergência cadastrados (médicos, bombeiros, SAMU) que lerem seu código. Útil num socorro.',
  },
  4: {
    label: 'Qualquer pessoa',
    description:
      'Qualquer pessoa que ler seu código ou QR Code, mesmo sem conta no Pulso, vê suas informações de saúde.',
  },
};

/**
 * A patient's permissions (`permissoes`; docs/authorization.md "Who sees what
 * through the code"): `saude` who reads My Health (1–4), `timeline` whether
 * the Timeline tab follows My Health, and what the Emergency tab adds for
 * anyone holding the code: `endereco` the street address (street, number,
 * apartment, neighbourhood; the city is always shown), `emergencia_saude` the
 * red strip of allergies, medications and chronic conditions.
 */
export const PermissoesViewSchema = z.object({
  saude: z.number().int().min(1).max(4),
  timeline: z.boolean(),
  endereco: z.boolean(),
  emergencia_saude: z.boolean(),
});
export type Permissoes = z.infer<typeof PermissoesViewSchema>;

/**
 * Defaults of a new account, and of accounts made before the Emergency-tab
 * switches existed (docs/authorization.md): saude 2, everything else off.
 */
export const DEFAULT_PERMISSOES: Permissoes = {
  saude: 2,
  timeline: false,
  endereco: false,
  emergencia_saude: false,
};

/**
 * `PUT /api/permissoes` body: `{saude}` 1–4, a number or its digit string
 * ('3', as a form sends it); anything else (`true`, '', ' 2', 2.5) is refused.
 */
export const PermissoesSaudeSchema = z.object({
  saude: z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,2}$/)
          .transform(Number),
      ],
      { error: PERMISSOES_MESSAGES.saude },
    )
    .pipe(
      z
        .number({ error: PERMISSOES_MESSAGES.saude })
        .int(PERMISSOES_MESSAGES.saude)
        .min(1, PERMISSOES_MESSAGES.saude)
        .max(4, PERMISSOES_MESSAGES.saude),
    ),
});

/** `PUT /api/permissoes/timeline` body: `{timeline}` boolean. */
export const PermissoesTimelineSchema = z.object({
  timeline: z.boolean({ error: PERMISSOES_MESSAGES.timeline }),
});

/**
 * `PUT /api/permissoes/emergencia` body: what the Emergency tab adds for
 * anyone holding the code, one switch or both (`{endereco?, emergencia_saude?}`,
 * booleans); an empty body or another type is refused.
 */
export const PermissoesEmergenciaSchema = z
  .object({
    endereco: z.boolean({ error: PERMISSOES_MESSAGES.emergencia }).optional(),
    emergencia_saude: z.boolean({ error: PERMISSOES_MESSAGES.emergencia }).optional(),
  })
  .refine((body) => body.endereco !== undefined || body.emergencia_saude !== undefined, {
    error: PERMISSOES_MESSAGES.emergencia,
    path: ['emergencia_saude'],
  });

/** The alert switches of /permissoes (docs/code-alerts.md "Alerts"): by Web Push, by e-mail; both on by default. */
export const AlertasViewSchema = z.object({ push: z.boolean(), email: z.boolean() });
export type Alertas = z.infer<typeof AlertasViewSchema>;

/** `PUT /api/permissoes/alertas` body: one switch or both (`{push?, email?}`, booleans). */
export const AlertasUpdateSchema = z
  .object({
    push: z.boolean({ error: PERMISSOES_MESSAGES.alertas }).optional(),
    email: z.boolean({ error: PERMISSOES_MESSAGES.alertas }).optional(),
  })
  .refine((body) => body.push !== undefined || body.email !== undefined, {
    error: PERMISSOES_MESSAGES.alertas,
    path: ['push'],
  });

/**
 * The five kinds of viewer of a code (docs/authorization.md "Who sees what through the code"):
 * - `guest`: no valid token;
 * - `self`: the patient;
 * - `own_doctor`: a doctor of theirs (care session A, E or ET, or chosen in
 *   `hospitalar.medico_id`);
 * - `health_professional`: any other signed-in doctor or registered
 *   emergency professional;
 * - `other_user`: any other signed-in account.
 */
export const VIEWER_KINDS = ['guest', 'self', 'own_doctor', 'health_professional', 'other_user'] as const;
export type ViewerKind = (typeof VIEWER_KINDS)[number];

/**
 * What the server learnt about a viewer. Roles plug in here: doctor accounts
 * and emergency-professional records each answer one of these questions.
 */
export interface ViewerFacts {
  signedIn: boolean;
  isSelf: boolean;
  isOwnDoctor: boolean;
  isHealthProfessional: boolean;
}

/**
 * The care-session statuses that make a doctor one of the patient's doctors
 * (`own_doctor`): accepted (`A`) or ended (`E`, `ET`); a request still
 * pending or refused does not.
 */
export const OWN_DOCTOR_SESSION_STATUSES = ['A', 'E', 'ET'] as const satisfies readonly AtendimentoStatus[];

/** Classifies a viewer from its facts; the strongest tie wins (self > own doctor > professional). */
export function classifyViewer(facts: ViewerFacts): ViewerKind {
  if (!facts.signedIn) return 'guest';
  if (facts.isSelf) return 'self';
  if (facts.isOwnDoctor) return 'own_doctor';
  if (facts.isHealthProfessional) return 'health_professional';
  return 'other_user';
}

/** The lowest `permissoes.saude` level at which each kind of viewer reads My Health. */
const SAUDE_THRESHOLD: Record<Exclude<ViewerKind, 'self'>, SaudeLevel> = {
  own_doctor: 2,
  health_professional: 3,
  other_user: 4,
  guest: 4,
};

/**
 * What of the public view is served to a viewer (the Emergency tab always):
 * the My Health and Timeline tabs, and the Emergency tab's address and
 * allergies strip (`endereco`, `emergencia_saude`).
 */
export interface VisibleTabs {
  saude: boolean;
  timeline: boolean;
  endereco: boolean;
  emergencia_saude: boolean;
}

/**
 * Which tabs of `/code/:code` a viewer may read (docs/authorization.md "Who
 * sees what through the code"): My Health when the level admits the viewer (1
 * only the patient, 2 + their doctors, 3 + any doctor or emergency
 * professional, 4 anyone); the timeline only when `permissoes.timeline` is on
 * *and* My Health is readable. The patient always reads both: it is their own
 * record. The Emergency tab is the same for every viewer, the patient
 * included (it shows them what a rescuer sees): the address and the allergies
 * strip exactly when their switches are on.
 */
export function visibleTabs(permissoes: Permissoes, viewer: ViewerKind): VisibleTabs {
  const emergency = { endereco: permissoes.endereco, emergencia_saude: permissoes.emergencia_saude };
  if (viewer === 'self') return { saude: true, timeline: true, ...emergency };
  const saude = permissoes.saude >= SAUDE_THRESHOLD[viewer];
  return { saude, timeline: saude && permissoes.timeline, ...emergency };
}

/**
 * Whether the Emergency tab opens with the strip of allergies, medications
 * and chronic conditions: when the patient turned it on for everyone, and,
 * as before the switch existed, for a viewer who may read My Health anyway.
 */
export function showsHealthAlert(tabs: VisibleTabs): boolean {
  return tabs.emergencia_saude || tabs.saude;
}

/**
 * What a lookup of the code served, as written to the access log: the tabs of
 * the public view in their order — the Emergency tab, with its address
 * (`endereco`) and its allergies strip (`emergencia_saude`) when served —, or
 * `adicionar` for the add-a-record lookup (`GET /api/timeline/user/:code`:
 * name, photo and code only), or `resumo` for an opening of a SMART Health
 * Link (docs/smart-health-links.md).
 */
export const ACCESS_TABS = [
  'emergencia',
  'endereco',
  'emergencia_saude',
  'saude',
  'timeline',
  'adicionar',
  'resumo',
] as const;
export type AccessTab = (typeof ACCESS_TABS)[number];

/** The tabs served for `visible`, as logged: `['emergencia', 'endereco', 'saude']`. */
export function servedTabs(visible: VisibleTabs): AccessTab[] {
  const tabs: AccessTab[] = ['emergencia'];
  if (visible.endereco) tabs.push('endereco');
  if (showsHealthAlert(visible)) tabs.push('emergencia_saude');
  if (visible.saude) tabs.push('saude');
  if (visible.timeline) tabs.push('timeline');
  return tabs;
}

/** Page size of `GET /api/permissoes/acessos`. */
export const ACESSOS_PAGE_SIZE = 20;

/**
 * One row of 'Quem acessou meus dados' (`GET /api/permissoes/acessos`):
 * `created_at` ISO instant; `viewer` null for a visitor (no account), else the
 * account's name and its kind at the time of access; `tabs` as served.
 */
export const AcessoViewSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  viewer: z.object({ name: z.string(), kind: z.enum(VIEWER_KINDS) }).nullable(),
  tabs: z.array(z.enum(ACCESS_TABS)),
  /** An attempt with a code the patient replaced (canonical), which served nothing; null for an opening. */
  codigo_substituido: z.string().nullable(),
  /** Where the viewer was, when they shared it by a tap (degrees, 3 decimals; docs/code-alerts.md "Where"). */
  localizacao: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  /** An opening of a SMART Health Link (`tabs` `['resumo']`): whom the opener said they were; else null. */
  destinatario: z.string().nullable(),
});
export type AcessoView = z.infer<typeof AcessoViewSchema>;

/** pt-BR names of viewer kinds and tabs on the access-log screen. */
export const VIEWER_KIND_LABELS: Record<ViewerKind, string> = {
  guest: 'Visitante (sem conta)',
  self: 'Você',
  own_doctor: 'Seu médico',
  health_professional: 'Profissional de saúde',
  other_user: 'Usuário do Pulso',
};
export const ACCESS_TAB_LABELS: Record<AccessTab, string> = {
  emergencia: 'Dados de emergência',
  endereco: 'Endereço',
  emergencia_saude: 'Alergias, medicamentos e doenças na aba Emergência',
  saude: 'Minha saúde',
  timeline: 'Linha do tempo',
  adicionar: 'Nome e foto, para adicionar um registro',
  resumo: 'Resumo de saúde, por um link compartilhado',
};
