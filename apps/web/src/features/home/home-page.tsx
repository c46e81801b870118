import { Loader, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { pageTitles } from '../../lib/paths.ts';
import { VerifyEmailNotice } from '../../ui/notices/verify-email-notice.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { useHome } from './api/get-home.ts';
import { CaracteristicasCard } from './caracteristicas-card.tsx';
import { GeralCard } from './geral-card.tsx';
import { HomeHeader } from './home-header.tsx';
import classes from './home-page.module.css';
import { PessoalCard } from './pessoal-card.tsx';

/**
 * /home, 'Dados de emergência' tab (docs/accounts.md "The /home screen"):
 * photo, name, personal code, last edit date and the three cards a first
 * responder reads from the QR code (personal info, physical characteristics,
 * general info); above them, the prompt to show allergies on the Emergency tab
 * while that is off, and the records others added that await the patient's
 * approval, if any. Those two belong to other features (`permissoes`,
 * `timeline`): the router hands them in as `notices` (app/routes/home-route.tsx).
 */
export default function HomePage({ notices }: { notices?: (userId: number) => ReactNode }) {
  useDocumentTitle(pageTitles.home);
  const home = useHome();

  if (home.isPending) {
    return (
      <div className={classes.state} role="status">
        <Loader size="md" aria-hidden="true" />
        <Text fw={500}>Carregando ...</Text>
      </div>
    );
  }

  if (home.isError) {
    return (
      <div className={classes.page}>
        <Title order={1}>{pageTitles.home}</Title>
        <QueryError
          title="Não foi possível carregar seus dados"
          message={home.error.message}
          onRetry={() => void home.refetch()}
          retrying={home.isFetching}
        />
      </div>
    );
  }

  const { user } = home.data;
  // docs/accounts.md "E-mail verification": an unconfirmed e-mail sees only the notice, not the cards.
  if (user.email_verified_at === null) return <VerifyEmailNotice email={user.email} />;
  return (
    <div className={classes.page}>
      <HomeHeader user={user} />
      {notices?.(user.id)}
      <PessoalCard pessoal={user.pessoal} />
      <CaracteristicasCard caracteristicas={user.caracteristicas} />
      <GeralCard geral={user.geral} />
    </div>
  );
}
