import { Alert, Anchor, Text } from '@mantine/core';
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
  parseDecimalBR,
} from '@pulso/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { DecimalInput } from '../../ui/decimal-input.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { useHistorico, useSaveImc } from './api/indicadores-api.ts';
import { IndicadorEntryPage } from './shared/indicador-entry-page.tsx';
import { classes, ValorCategoria } from './shared/ui.tsx';
import { useIndicadorEntry } from './shared/use-indicador-entry.ts';

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
    <>
      <ValorCategoria
        valor={`IMC ${formatDecimalBR(leitura.imc, 1)}`}
        categoria={IMC_STATUS_VISUAL[leitura.status]}
      />
      <Text size="sm">
        {formatDecimalBR(leitura.peso, 1)} kg
        {leitura.variacao_peso !== null
          ? ` · variação de peso: ${formatVariacaoPeso(leitura.variacao_peso)}`
          : ' · primeira medição'}
      </Text>
    </>
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
  const entry = useIndicadorEntry('imc', useSaveImc, (r) => r.indice_massa_corporal);
  const historico = useHistorico('imc');
  const [peso, setPeso] = useState('');

  const altura = historico.altura;
  const imc = imcAoVivo(peso, altura);
  const ultima = entry.saved ?? historico.items[0] ?? null;

  const submit = () => {
    const kg = parseDecimalBR(peso);
    entry.submit({
      errors: kg === null || kg < IMC_PESO_MIN || kg >= IMC_PESO_LIMITE ? { peso: IMC_MESSAGES.peso } : {},
      body: () => ({ peso, ...entry.quando }),
      reset: () => setPeso(''),
    });
  };

  const { query } = historico;
  return (
    <IndicadorEntryPage
      entry={entry}
      intro={
        <>
          O IMC é o peso (kg) dividido pela altura (m) ao quadrado. Pese-se de preferência pela manhã, em
          jejum e com roupas leves.
        </>
      }
      carregando={query.isPending}
      avisos={
        <>
          {query.isError && (
            <QueryError
              title="Não foi possível carregar sua altura"
              message={query.error.message}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          )}
          {query.isSuccess && altura === null && (
            <Alert color="blue" variant="light" title="Falta a sua altura">
              <Text size="sm" mb="sm">
                {IMC_MESSAGES.semAltura}
              </Text>
              <Anchor component={Link} to={paths.home} fw={600} c="blue.9" underline="always">
                Informar altura nos dados de emergência
              </Anchor>
            </Alert>
          )}
        </>
      }
      formulario={query.isSuccess && altura !== null}
      formularioIntro={
        altura !== null && (
          <Text size="sm">
            Altura do seu perfil: <strong>{formatDecimalBR(altura, 2)} m</strong> (
            <Anchor component={Link} to={paths.home} size="sm" underline="always">
              alterar nos dados de emergência
            </Anchor>
            ).
          </Text>
        )
      }
      campos={
        <DecimalInput
          className={classes.wide}
          label="Peso (kg)"
          description="Ex.: 72,5"
          placeholder="72,5"
          integerDigits={3}
          decimals={1}
          size="md"
          required
          disabled={entry.locked}
          value={peso}
          onChange={(text) => {
            setPeso(text);
            entry.clearErrors('peso');
          }}
          error={entry.errors.peso}
        />
      }
      resultado={{
        label: 'Seu IMC:',
        vazio: 'Informe o peso para calcular o IMC.',
        valor:
          imc === null ? null : (
            <ValorCategoria
              valor={formatDecimalBR(imc, 1)}
              categoria={IMC_STATUS_VISUAL[classificarImc(imc)]}
            />
          ),
      }}
      onSubmit={submit}
      ultima={ultima && <ImcResumo leitura={ultima} />}
      ultimaTitulo={entry.saved ? undefined : 'Medição mais recente'}
    />
  );
}
