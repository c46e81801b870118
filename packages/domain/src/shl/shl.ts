import { z } from 'zod';

/**
 * SMART Health Links (HL7 SHL; docs/smart-health-links.md): what the patient shares, how the link is written and
 * read. The server and the web's viewer use the same functions.
 */

/** How long a link the patient makes stays valid, in days (the choices of the form). */
export const SHL_DAYS = [1, 7, 30, 90, 365] as const;
/** Wrong passcodes a link takes before it is locked for good. */
export const SHL_PASSCODE_ATTEMPTS = 5;
export const SHL_LABEL_MAX = 80;

/** pt-BR messages of the SHL routes. */
export const SHL_MESSAGES = {
  label: `Dê um nome ao link, com até ${SHL_LABEL_MAX} caracteres`,
  dias: 'Escolha por quanto tempo o link vale',
  passcode: 'A senha do link deve ter de 4 a 40 caracteres',
  notFound: 'Link não encontrado',
  recipient: 'Informe quem está abrindo o resumo',
  wrongPasscode: 'Senha incorreta',
} as const;

/** `POST /api/shl` body: `label` 1–80 characters, `dias` one of {@link SHL_DAYS}, `passcode` optional 4–40 characters. */
export const ShlCreateSchema = z.object({
  label: z
    .string({ error: SHL_MESSAGES.label })
    .trim()
    .min(1, SHL_MESSAGES.label)
    .max(SHL_LABEL_MAX, SHL_MESSAGES.label),
  dias: z.union(
    SHL_DAYS.map((d) => z.literal(d)),
    { error: SHL_MESSAGES.dias },
  ),
  passcode: z
    .string({ error: SHL_MESSAGES.passcode })
    .min(4, SHL_MESSAGES.passcode)
    .max(40, SHL_MESSAGES.passcode)
    .optional(),
});
export type ShlCreate = z.infer<typeof ShlCreateSchema>;

/** `POST {manifest url}` body (SHL spec): who is opening (`recipient`, required), the passcode when the link has `P`. */
export const ShlManifestRequestSchema = z.object({
  recipient: z
    .string({ error: SHL_MESSAGES.recipient })
    .trim()
    .min(1, SHL_MESSAGES.recipient)
    .max(200, SHL_MESSAGES.recipient),
  passcode: z.string().max(200).optional(),
});

/** A link as the patient's list shows it (the key is never kept, so the link itself is not here). */
export const ShlViewSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  /** `'P'` when a passcode protects it. */
  flag: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  /** Locked after too many wrong passcodes. */
  bloqueado: z.boolean(),
  acessos: z.number().int(),
});
export type ShlView = z.infer<typeof ShlViewSchema>;

/** The SHL payload (docs/smart-health-links.md "Making a link"): manifest `url`, 32-byte `key` (base64url), `exp` (Unix s), `flag`, `label`, `v`. */
export interface ShlPayload {
  url: string;
  key: string;
  exp?: number;
  flag?: string;
  label?: string;
  v?: number;
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(encoded: string): string {
  const binary = atob(encoded.replaceAll('-', '+').replaceAll('_', '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** The link to share: `{viewer}#shlink:/{base64url(JSON payload)}` (`viewer` is Pulso's `/shl` page). */
export function shlLink(viewer: string, payload: ShlPayload): string {
  return `${viewer}#shlink:/${toBase64Url(JSON.stringify(payload))}`;
}

/**
 * The payload of a SMART Health Link written any of the ways the spec allows (the whole link with a viewer
 * before `#`, or `shlink:/…` alone); null when it is not one, or lacks its `url` or a 43-character `key`.
 */
export function parseShlLink(text: string): ShlPayload | null {
  const match = /(?:^|#)shlink:\/([A-Za-z0-9_-]+)$/.exec(text.trim());
  if (!match?.[1]) return null;
  try {
    const payload = JSON.parse(fromBase64Url(match[1])) as ShlPayload;
    if (typeof payload.url !== 'string' || typeof payload.key !== 'string' || payload.key.length !== 43)
      return null;
    return payload;
  } catch {
    return null;
  }
}
