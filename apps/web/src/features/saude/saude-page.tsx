import { Loader, Text, Title } from '@mantine/core';
import { pageTitles } from '../../lib/paths.ts';
import { VerifyEmailNotice } from '../../ui/notices/verify-email-notice.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { useSaude } from './api/get-saude.ts';
import { DoencasCard } from './doencas-card.tsx';
import { HospitalarCard } from './hospitalar-card.tsx';
import { OutrasCard } from './outras-card.tsx';
import { SaudeCard } from './saude-card.tsx';
import classes from './saude-page.module.css';

/**
 * /saude, 'Minha saúde' (docs/health-record.md "My Health"; issue 4 "My
 * Health"): the health, disease checklist, hospital and other-information
 * cards, each edited and saved on its own. The checklist is shown (the original
 * product description hid it; issue 17: the glucose screens ask the patient to mark
 * 'Diabetes' here; docs/health-record.md "Diseases").
 */
export default function SaudePage() {
  useDocumentTitle(pageTitles.saude);
  const saude = useSaude();

  if (saude.isPending) {
    return (
      <div className={classes.state} role="status">
        <Loader size="md" aria-hidden="true" />
        <Text fw={500}>Carregando ...</Text>
      </div>
    );
  }

  if (saude.isError) {
    return (
      <div className={classes.page}>
        <Title order={1}>{pageTitles.saude}</Title>
        <QueryError
          title="Não foi possível carregar seus dados"
          message={saude.error.message}
          onRetry={() => void saude.refetch()}
          retrying={saude.isFetching}
        />
      </div>
    );
  }

  const { user, doencas } = saude.data;
  // docs/health-record.md "My Health": an unconfirmed e-mail sees only the notice, not the cards.
  if (user.email_verified_at === null) return <VerifyEmailNotice email={user.email} />;
  return (
    <div className={classes.page}>
      <Title order={1} className={classes.title}>
        {pageTitles.saude}
      </Title>
      <SaudeCard saude={user.saude} />
      <DoencasCard doencas={doencas} />
      <HospitalarCard hospitalar={user.hospitalar} />
      <OutrasCard outras={user.outras} />
    </div>
  );
}
