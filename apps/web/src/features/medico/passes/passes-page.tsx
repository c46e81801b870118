import { ActionIcon, Button, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { formatPass, type PassView, TELEMEDICINA_MESSAGES } from '@pulso/domain';
import { pageTitles } from '../../../lib/paths.ts';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context.tsx';
import { formatDateAtTimeBR } from '../../../ui/date-time.ts';
import { Icon } from '../../../ui/icon.tsx';
import { QueryError } from '../../../ui/query-error.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useCreatePass, usePasses } from '../api/passes.ts';
import classes from './passes-page.module.css';

/** Shown when the doctor has issued no pass. */
export const NO_PASSES = 'Você ainda não gerou nenhum passe.';
/** Snackbar after a copy. */
export const PASS_COPIED = 'Passe copiado';
/** Snackbar when the browser refused the clipboard. */
export const PASS_COPY_FAILED = 'Não foi possível copiar. Selecione o código e copie manualmente.';

/**
 * /medico/passes (docs/telemedicine.md "Passes page"): what a pass is, in plain
 * words; 'Gerar passe' (`POST /api/medico/passes`, 'Passe gerado'); and every
 * pass issued, newest first, its code shown `ABCD-EF23` with a copy button,
 * when it was created and, once used, when and by which patient.
 */
export default function PassesPage() {
  useDocumentTitle(pageTitles.medicoPasses);
  const query = usePasses();
  const create = useCreatePass();
  const snackbar = useSnackbar();

  const copy = async (pass: PassView) => {
    try {
      await navigator.clipboard.writeText(formatPass(pass.code));
      snackbar.success(PASS_COPIED);
    } catch {
      snackbar.error(PASS_COPY_FAILED);
    }
  };

  const generate = () =>
    create.mutate(undefined, {
      onSuccess: ({ message }) => snackbar.success(message ?? TELEMEDICINA_MESSAGES.passIssued),
      onError: (error) => snackbar.error(error),
    });

  return (
    <div className={classes.page}>
      <Title order={1} className={classes.title}>
        {pageTitles.medicoPasses}
      </Title>
      <section aria-labelledby="passes-o-que-e" className={classes.explain}>
        <Title order={2} size="h4" id="passes-o-que-e" className={classes.title}>
          O que é um passe?
        </Title>
        <Text>
          Um passe é um código que você entrega a um paciente (no consultório, por mensagem ou por telefone).
          Ao pedir um atendimento a você pelo Pulso, o paciente digita o passe, e esse atendimento fica pago:
          ele não precisa de plano nem de compra avulsa.
        </Text>
        <Text>
          Cada passe vale para <strong>um único pedido</strong>, e só para você. Depois de usado, não vale
          mais. Se você recusar o pedido, o passe volta a valer para o paciente.
        </Text>
        <Button
          size="md"
          color="teal.9"
          leftSection={<Icon name="ticket" size={20} />}
          loading={create.isPending}
          onClick={generate}
          className={classes.generate}
        >
          Gerar passe
        </Button>
      </section>
      <section aria-labelledby="passes-lista" className={classes.section}>
        <Title order={2} size="h4" id="passes-lista" className={classes.title}>
          Seus passes
        </Title>
        {query.isPending ? (
          <Stack gap="sm" role="status" aria-label="Carregando passes">
            <Skeleton height={72} />
            <Skeleton height={72} />
          </Stack>
        ) : query.isError && !query.data ? (
          <QueryError
            title="Não foi possível carregar os passes"
            message={query.error.message}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : query.data.passes.length === 0 ? (
          <p className={classes.none}>{NO_PASSES}</p>
        ) : (
          <ul className={classes.list}>
            {query.data.passes.map((pass) => (
              <li key={pass.id} className={classes.item} data-used={pass.used_at !== null || undefined}>
                <PassRow pass={pass} onCopy={() => void copy(pass)} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function PassRow({ pass, onCopy }: { pass: PassView; onCopy: () => void }) {
  const code = formatPass(pass.code);
  return (
    <>
      <div className={classes.codeLine}>
        <span className={classes.code}>{code}</span>
        {pass.used_at === null && (
          <Tooltip label="Copiar passe" withArrow>
            <ActionIcon
              variant="outline"
              color="teal.9"
              size="lg"
              aria-label={`Copiar passe ${code}`}
              onClick={onCopy}
            >
              <Icon name="copy" size={20} />
            </ActionIcon>
          </Tooltip>
        )}
        <span className={classes.state} data-used={pass.used_at !== null || undefined}>
          {pass.used_at === null ? 'Disponível' : 'Usado'}
        </span>
      </div>
      <p className={classes.meta}>
        Gerado em <time dateTime={pass.created_at}>{formatDateAtTimeBR(pass.created_at)}</time>
        {pass.used_at !== null && (
          <>
            {' '}
            · Usado em <time dateTime={pass.used_at}>{formatDateAtTimeBR(pass.used_at)}</time>
            {pass.paciente && <> por {pass.paciente.name}</>}
          </>
        )}
      </p>
    </>
  );
}
