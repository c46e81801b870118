import { Text, Title } from '@mantine/core';
import { consentimentoText } from '@pulso/domain';
import { useId } from 'react';
import { formatDateAtTimeBR } from '../../ui/date-time.ts';
import { QueryView } from '../../ui/query-view.tsx';
import { useConsentimentos } from './api/get-consentimentos.ts';
import classes from './permissoes-page.module.css';

/**
 * 'Histórico de consentimentos' at the foot of /permissoes (docs/authorization.md "Consent history"):
 * each acceptance of the terms and the privacy policy, with the version's date, and each change of a
 * permission above, with when, newest first.
 */
export function ConsentimentosSection() {
  const headingId = useId();
  const query = useConsentimentos();
  return (
    <section className={classes.section} aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} className={classes.sectionTitle}>
        Histórico de consentimentos
      </Title>
      <Text size="sm">O que você aceitou e cada mudança nas permissões acima, com a data e a hora.</Text>
      <QueryView query={query} errorTitle="Não foi possível carregar o histórico">
        {({ consentimentos, total }) => (
          <>
            <ul className={classes.history}>
              {consentimentos.map((entry) => (
                <li key={entry.id} className={classes.historyItem}>
                  <span>{consentimentoText(entry)}</span>
                  <time className={classes.historyWhen} dateTime={entry.created_at}>
                    {formatDateAtTimeBR(entry.created_at)}
                  </time>
                </li>
              ))}
            </ul>
            {total > consentimentos.length && (
              <Text size="sm" c="gray.7">
                Mostrando os {consentimentos.length} mais recentes de {total}.
              </Text>
            )}
          </>
        )}
      </QueryView>
    </section>
  );
}
