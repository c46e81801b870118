import { z } from 'zod';
import { HospitalarViewSchema, SaudeViewSchema } from '../saude/saude.ts';
import { PublicTimelineItemSchema } from '../timeline/timeline.ts';
import { PublicEmergencyViewSchema } from '../users/user.ts';

/**
 * What this viewer was served (docs/authorization.md "Who sees what through
 * the code"; the Emergency tab always): the My Health and Timeline tabs, and
 * whether the Emergency tab carries the address and the allergies switch's
 * strip.
 */
export const AcessoSchema = z.object({
  saude: z.boolean(),
  timeline: z.boolean(),
  endereco: z.boolean(),
  emergencia_saude: z.boolean(),
});

/**
 * `GET /api/code/:code` (docs/api/saude-and-permissoes.md "Public view by code"; issue 4).
 * Always the Emergency tab (`PublicEmergencyViewSchema`). My Health — `saude`,
 * `hospitalar`, `outras.adicional` and the checked `doencas` — only when
 * `acesso.saude`; `timelineItems` (newest first, the first page) and `total`
 * only when `acesso.timeline`. A field the viewer may not read is absent from
 * the JSON, never null or empty.
 */
export const PublicCodeViewSchema = z.object({
  user: PublicEmergencyViewSchema.extend({
    outras: z.object({
      doador: z.enum(['S', 'N']).nullable(),
      adicional: z.string().nullable().optional(),
    }),
    saude: SaudeViewSchema.optional(),
    hospitalar: HospitalarViewSchema.optional(),
    doencas: z.array(z.object({ id: z.number().int(), nome: z.string() })).optional(),
  }),
  acesso: AcessoSchema,
  timelineItems: z.array(PublicTimelineItemSchema).optional(),
  total: z.number().int().optional(),
});
export type PublicCodeView = z.infer<typeof PublicCodeViewSchema>;

/** `GET /api/code/:code/timeline/:offset`: the next page of the Timeline tab (same rule). */
export const PublicTimelinePageSchema = z.object({
  timelineItems: z.array(PublicTimelineItemSchema),
  total: z.number().int(),
});
