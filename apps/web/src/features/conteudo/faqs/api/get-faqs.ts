import type { FaqsAnswer } from '@pulso/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api.ts';

/** Query key of the FAQs. */
export const faqsQueryKey = ['faqs'] as const;

/**
 * `GET /api/faqs` → `{faqs: [{id, question, answer}], contato: {email,
 * whatsapp}}` (docs/indicators-and-score.md "Tips and FAQ"): the active
 * questions in staff order and the contact channels (`whatsapp` international
 * digits `55…` or `null`).
 */
export function useFaqs() {
  return useQuery({
    queryKey: faqsQueryKey,
    queryFn: ({ signal }) => api.get<FaqsAnswer>('/faqs', signal),
  });
}
