import { Alert, Anchor, Button, Loader, Text, Title } from '@mantine/core';
import {
  calcularImc,
  classificarImc,
  formatDecimalBR,
  formatVariacaoPeso,
  IMC_MESSAGES,
  IMC_PESO_LIMITE,
  IMC_PESO_MIN,
  IMC_STATUS_VISUAL,
  type ImcView,
  INDICADOR_MESSAGES,
  parseDecimalBR,
} from '@pulso/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { pageTitles, paths } from '../../lib/paths.ts';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { DecimalInput } from '../../ui/decimal-input.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { useHistorico, useSaveImc } from './api/indicadores-api.ts';
import {
  type Afericao,
  AfericaoFields,
  agora,
  classes,
  type FieldErrorMap,
  IndicadorHeader,
  IndicadorLockedNotice,
  saveFailure,
  ToneBadge,
  UserQueryError,
  useLock,
} from './shared/ui.tsx';

/** The BMI of a weight as typed (`'72,5'`) at `altura` m, or null while the weight is not a valid one. */
export function imcAoVivo(peso: string, altura: number | null): number | null {
  const kg = parseDecimalBR(peso);
  if (kg === null || altura === null || !(altura > 0)) return null;
  if (kg < IMC_PESO_MIN || kg >= IMC_PESO_LIMITE) return null;
  return calcularImc(kg, altura);
}

/** A reading's BMI, its category and its weight change, as read on screen. */
function ImcResumo({ leitura }: { leitura: ImcView }) {
  return (
    <div className={classes.result}>
      <span className={classes.resultValue}>IMC {formatDecimalBR(leitura.imc, 1)}</span>
      <ToneBadge {...IMC_STATUS_VISUAL[leitura.status]} />
      <Text size="sm">
        {formatDecimalBR(leitura.peso, 1)} kg
        {leitura.variacao_peso !== null
          ? ` · variação de peso: ${formatVariacaoPeso(leitura.variacao_peso)}`
          : ' · primeira medição'}
      </Text>
    </div>
  );
}

/**
 * /indicador/imc, 'Índice de massa corporal'
 * (docs/indicators-and-score.md "BMI"; docs/api/indicadores-score-profissional.md "Indicators"
 * `POST /api/home/imc`; docs/accounts.md "Trial and locked accounts"). The
 * weight (kg, masks ##,# / ###,#), the height from the profile
 * (`GET /api/home/imc` answers it; without it the message
 * IMC_MESSAGES.semAltura with a link to /home and no form), the BMI computed
 * and classified live, the day and time (now by default). After a save, the
 * reading with its weight change against the previous one (computed by the
 * server); before, the latest reading of the history.
 */
export default function ImcPage() {
  useDocumentTitle(pageTitles.indicadorImc);
  const { user, locked } = useLock();
  const historico = useHistorico('imc');
  const save = useSaveImc();
  const snackbar = useSnackbar();
  const formId = useId();

  const [peso, setPeso] = useState('');
  const [quando, setQuando] = useState<Afericao>(agora);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [saved, setSaved] = useState<ImcView | null>(null);

  const altura = historico.altura;
  const imc = imcAoVivo(peso, altura);
  const ultima = saved ?? historico.items[0] ?? null;

  const submit = () => {
    if (locked) return;
    const kg = parseDecimalBR(peso);
    if (kg === null || kg < IMC_PESO_MIN || kg >= IMC_PESO_LIMITE) {
      setErrors({ peso: IMC_MESSAGES.peso });
      return;
    }
    save.mutate(
      { peso, ...quando },
      {
        onSuccess: ({ message, indice_massa_corporal }) => {
          setSaved(indice_massa_corporal);
          setPeso('');
          setQuando(agora());
          setErrors({});
          snackbar.success(message);
        },
        onError: (error) => {
          const failure = saveFailure(error, INDICADOR_MESSAGES.insertError);
          setErrors(failure.fields);
          snackbar.error(failure.message);
        },
      },
    );
  };

  const header = (
    <IndicadorHeader
      title={pageTitles.indicadorImc}
      links={
        <Button component={Link} to={paths.indicadorImcHistorico} variant="default">
          Ver histórico
        </Button>
      }
    >
      O IMC é o peso (kg) dividido pela altura (m) ao quadrado. Pese-se de preferência pela manhã, em jejum e
      com roupas leves.
    </IndicadorHeader>
  );

  if (historico.query.isPending) {
    return (
      <div className={classes.page}>
        {header}
        <Loader aria-label="Carregando" />
      </div>
    );
  }

  return (
    <div className={classes.page}>
      {header}
      <UserQueryError user={user} />
      {locked && <IndicadorLockedNotice />}
      {historico.query.isError && (
        <QueryError
          title="Não foi possível carregar sua altura"
          message={historico.query.error.message}
          onRetry={() => void historico.query.refetch()}
          retrying={historico.query.isFetching}
        />
      )}

      {historico.query.isSuccess && altura === null && (
        <Alert color="blue" variant="light" title="Falta a sua altura">
          <Text size="sm" mb="sm">
            {IMC_MESSAGES.semAltura}
          </Text>
          <Anchor component={Link} to={paths.home} fw={600} c="blue.9" underline="always">
            Informar altura nos dados de emergência
          </Anchor>
        </Alert>
      )}

      {historico.query.isSuccess && altura !== null && (
        <section className={classes.card} aria-labelledby={`${formId}-t`}>
          <Title order={2} size="h4" id={`${formId}-t`} className={classes.cardTitle}>
            Nova medição
          </Title>
          <Text size="sm">
            Altura do seu perfil: <strong>{formatDecimalBR(altura, 2)} m</strong> (
            <Anchor component={Link} to={paths.home} size="sm" underline="always">
              alterar nos dados de emergência
            </Anchor>
            ).
          </Text>
          <form
            className={classes.form}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <div className={classes.fields}>
              <DecimalInput
                className={classes.wide}
                label="Peso (kg)"
                description="Ex.: 72,5"
                placeholder="72,5"
                integerDigits={3}
                decimals={1}
                size="md"
                required
                disabled={locked}
                value={peso}
                onChange={(text) => {
                  setPeso(text);
                  setErrors(({ peso: _, ...rest }) => rest);
                }}
                error={errors.peso}
              />
              <AfericaoFields
                value={quando}
                onChange={(next) => {
                  setQuando(next);
                  setErrors(({ data_afericao: _, time_afericao: __, ...rest }) => rest);
                }}
                errors={errors}
                disabled={locked}
              />
            </div>
            <div className={classes.result} aria-live="polite">
              <Text fw={600}>Seu IMC:</Text>
              {imc !== null ? (
                <>
                  <span className={classes.resultValue}>{formatDecimalBR(imc, 1)}</span>
                  <ToneBadge {...IMC_STATUS_VISUAL[classificarImc(imc)]} />
                </>
              ) : (
                <Text size="sm">Informe o peso para calcular o IMC.</Text>
              )}
            </div>
            <div className={classes.actions}>
              <Button type="submit" size="md" disabled={locked} loading={save.isPending}>
                Salvar
              </Button>
            </div>
          </form>
        </section>
      )}

      {ultima && (
        <section
          className={classes.card}
          aria-label={saved ? 'Última medição salva' : 'Medição mais recente'}
        >
          <Title order={2} size="h4" className={classes.cardTitle}>
            {saved ? 'Última medição salva' : 'Medição mais recente'}
          </Title>
          <ImcResumo leitura={ultima} />
        </section>
      )}
    </div>
  );
}
