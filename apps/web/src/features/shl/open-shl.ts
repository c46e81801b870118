import type { Bundle } from '@medplum/fhirtypes';
import type { ShlPayload } from '@pulso/domain';
import { base64url, compactDecrypt } from 'jose';

/** Why a link did not open: gone (404), a wrong passcode with the tries left, or anything else. */
export type ShlFailure = { kind: 'notFound' } | { kind: 'passcode'; left: number } | { kind: 'failed' };

/**
 * Opens a SMART Health Link as its recipient (docs/smart-health-links.md "The viewer"): posts `{recipient,
 * passcode?}` to the manifest, then decrypts the embedded JWE here with the link's key. The key never leaves the
 * browser: only the recipient and the passcode are sent. Rejects with a {@link ShlFailure}.
 */
export async function openShl(
  payload: ShlPayload,
  recipient: string,
  passcode: string | undefined,
): Promise<Bundle> {
  let response: Response;
  try {
    response = await fetch(payload.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ recipient, ...(passcode ? { passcode } : {}) }),
    });
  } catch {
    throw { kind: 'failed' } satisfies ShlFailure;
  }
  if (response.status === 404) throw { kind: 'notFound' } satisfies ShlFailure;
  const body = (await response.json().catch(() => ({}))) as {
    remainingAttempts?: number;
    files?: { contentType: string; embedded?: string }[];
  };
  if (response.status === 401) {
    throw { kind: 'passcode', left: body.remainingAttempts ?? 0 } satisfies ShlFailure;
  }
  const embedded = body.files?.find((file) => file.contentType === 'application/fhir+json')?.embedded;
  if (!response.ok || !embedded) throw { kind: 'failed' } satisfies ShlFailure;
  try {
    const { plaintext } = await compactDecrypt(embedded, base64url.decode(payload.key));
    return JSON.parse(new TextDecoder().decode(plaintext)) as Bundle;
  } catch {
    throw { kind: 'failed' } satisfies ShlFailure;
  }
}
