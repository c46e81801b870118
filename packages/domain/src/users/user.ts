import { z } from 'zod';
import { CidadeSchema } from './schemas.ts';

const text = z.string().nullable();

/** `user.pessoal` as answered by the API. Phones are digits. */
export const PessoalViewSchema = z.object({
  telefone: text,
  contato: text,
  contato_telefone: text,
  contato_relacao: z.enum(['C', 'F', 'I', 'P', 'T', 'A', 'O']).nullable(),
});

/** `user.caracteristicas` as answered: `peso` kg, `altura` metres. */
export const CaracteristicasViewSchema = z.object({
  peso: z.number().nullable(),
  altura: z.number().nullable(),
  cor: z.number().int().nullable(),
  olhos: z.number().int().nullable(),
  sinal: text,
});

/** `user.geral` as answered: `nascimento` `YYYY-MM-DD`. */
export const GeralViewSchema = z.object({
  nascimento: text,
  sexo: z.enum(['M', 'F', 'N']).nullable(),
  sangue: z.number().int().nullable(),
  endereco: text,
  bairro: text,
  cidade: CidadeSchema.nullable(),
  complemento: text,
});

/** `user.outras` as answered. */
export const OutrasViewSchema = z.object({
  doador: z.enum(['S', 'N']).nullable(),
  adicional: text,
});

/**
 * The signed-in user (`GET /api/user`, `GET /api/home`, login and register
 * answers; docs/accounts.md "The signed-in user"). `updated_at` is the last
 * edit of the emergency data (UTC instant, ISO); `avatar` is a URL or `null`;
 * `code` is canonical. `trialEnded` is computed at read time
 * (docs/accounts.md "Trial and locked accounts").
 */
export const UserViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  email_verified_at: z.string().nullable(),
  code: z.string(),
  avatar: z.string().nullable(),
  updated_at: z.string(),
  created_at: z.string(),
  newsletter: z.boolean(),
  empresarial: z.boolean(),
  trialEnded: z.boolean(),
  plano: z.object({ type: z.number().int(), periodo: z.enum(['M', 'A']) }).nullable(),
  hasCredit: z.boolean(),
  pessoal: PessoalViewSchema,
  caracteristicas: CaracteristicasViewSchema,
  geral: GeralViewSchema,
  outras: OutrasViewSchema,
});
export type UserView = z.infer<typeof UserViewSchema>;

/**
 * The Emergency tab's allergies strip (docs/authorization.md): the patient's
 * `alergias` and `medicamentos` as written and the names of the chronic
 * conditions they checked (`doencas`, alphabetical).
 */
export const HealthAlertViewSchema = z.object({
  alergias: text,
  medicamentos: text,
  doencas: z.array(z.string()),
});
export type HealthAlertView = z.infer<typeof HealthAlertViewSchema>;

/**
 * What `GET /api/code/:code` answers to anyone holding the code
 * (docs/authorization.md "Who sees what through the code", Emergency tab):
 * name, avatar, `pessoal`, `caracteristicas`, `geral` (blood type included) and
 * `outras.doador`. `geral.endereco`, `bairro` and `complemento` only when the
 * patient turned the address on (`permissoes.endereco`; the city always);
 * `alerta` (allergies, medications, conditions) only when they turned the strip
 * on, or the viewer may read My Health. Absent, never null, when not served.
 * Never the e-mail, the id or the rest of My Health. `idade` is whole years
 * from `nascimento`, in America/Sao_Paulo.
 */
export const PublicEmergencyViewSchema = z.object({
  name: z.string(),
  code: z.string(),
  avatar: z.string().nullable(),
  idade: z.number().int().nullable(),
  pessoal: PessoalViewSchema,
  caracteristicas: CaracteristicasViewSchema,
  geral: GeralViewSchema.partial({ endereco: true, bairro: true, complemento: true }),
  outras: OutrasViewSchema.pick({ doador: true }),
  alerta: HealthAlertViewSchema.optional(),
  updated_at: z.string(),
});
export type PublicEmergencyView = z.infer<typeof PublicEmergencyViewSchema>;
