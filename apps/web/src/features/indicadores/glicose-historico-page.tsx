import { Button, Group, Stack } from '@mantine/core';
import {
  GLICOSE_FAIXAS,
  GLICOSE_MESSAGES,
  type GlicoseView,
  glicoseFaixa,
  glicoseFaixaNormal,
  glicosePeriodoLabel,
  INDICADOR_MESSAGES,
} from '@pulso/domain';
import { useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { pageTitles, paths } from '../../lib/paths.ts';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { AppModal } from '../../ui/app-modal.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { useHistorico, useUpdateGlicose } from './api/indicadores-api.ts';
import { GlicoseFields, glicoseCompleta } from './shared/glicose-fields.tsx';
import { HistoricoView, type Serie } from './shared/historico-view.tsx';
import {
  type Afericao,
  AfericaoFields,
  classes,
  type FieldErrorMap,
  saveFailure,
  useLock,
} from './shared/ui.tsx';

/**
 * The edit dialog of a glucose reading (docs/api/indicadores-score-profissional.md "Indicators"
 * `PATCH /api/home/glicose/{id}`
 * `{index, value, data_afericao, time_afericao}`): period, value, day and time.
 * A day and period another reading holds is refused (409) with the server's
 * message under the period; other failures show the server's message or
 * 'Ocorreu um erro ao atualizar o dado.'. Nothing typed is lost.
 */
export function GlicoseEditDialog({
  leitura,
  diabetes,
  onClose,
}: {
  leitura: GlicoseView | null;
  diabetes: boolean;
  onClose: () => void;
}) {
  return (
    <AppModal opened={leitura !== null} onClose={onClose} title="Editar medição de glicose">
      {leitura && <EditForm key={leitura.id} leitura={leitura} diabetes={diabetes} onClose={onClose} />}
    </AppModal>
  );
}

function EditForm({
  leitura,
  diabetes,
  onClose,
}: {
  leitura: GlicoseView;
  diabetes: boolean;
  onClose: () => void;
}) {
  const update = useUpdateGlicose();
  const snackbar = useSnackbar();
  const [periodo, setPeriodo] = useState(String(leitura.time_of_day));
  const [value, setValue] = useState(String(leitura.value));
  const [quando, setQuando] = useState<Afericao>({
    data_afericao: leitura.data_afericao,
    time_afericao: leitura.time_afericao,
  });
  const [errors, setErrors] = useState<FieldErrorMap>({});

  const submit = () => {
    if (periodo === '') return setErrors({ index: GLICOSE_MESSAGES.periodo });
    if (!glicoseCompleta(value)) return setErrors({ value: GLICOSE_MESSAGES.value });
    update.mutate(
      { id: leitura.id, index: Number(periodo), value, ...quando },
      {
        onSuccess: ({ message }) => {
          snackbar.success(message);
          onClose();
        },
        onError: (error) => {
          const failure = saveFailure(error, INDICADOR_MESSAGES.updateError);
          if (error instanceof ApiError && error.status === 409) failure.fields.index = error.message;
          setErrors(failure.fields);
          snackbar.error(failure.message);
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <GlicoseFields
          periodo={periodo}
          onPeriodo={(next) => {
            setPeriodo(next);
            setErrors(({ index: _, ...rest }) => rest);
          }}
          value={value}
          onValue={(next) => {
            setValue(next);
            setErrors(({ value: _, ...rest }) => rest);
          }}
          diabetes={diabetes}
          errors={errors}
          warning={GLICOSE_MESSAGES.periodoPrimeiro}
        />
        <AfericaoFields
          value={quando}
          onChange={(next) => {
            setQuando(next);
            setErrors(({ data_afericao: _, time_afericao: __, ...rest }) => rest);
          }}
          errors={errors}
        />
        <Group justify="flex-end" className={classes.actions}>
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={update.isPending}>
            Salvar alterações
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * /indicador/glicose/historico, 'Histórico de glicose'
 * (docs/indicators-and-score.md "Histories", "Glucose"; issue 7): the
 * readings latest first with period, value and band — the bands, their labels
 * and the shaded normal band of the chart all from `GLICOSE_FAIXAS` of the
 * domain, the limits of the stored status
 * (docs/indicators-and-score.md "Glucose") — and 'Editar' on each row (PATCH)
 * unless the user is locked.
 */
export default function GlicoseHistoricoPage() {
  useDocumentTitle(pageTitles.indicadorGlicoseHistorico);
  const historico = useHistorico('glicose');
  const { locked } = useLock();
  const [editing, setEditing] = useState<GlicoseView | null>(null);
  const diabetes = historico.diabetes;
  const series: Serie<GlicoseView>[] = [
    {
      key: 'value',
      name: 'Glicose',
      value: (g) => g.value,
      cor: '#1c64c4',
      faixa: glicoseFaixaNormal(diabetes),
    },
  ];

  return (
    <>
      <HistoricoView<GlicoseView>
        title={pageTitles.indicadorGlicoseHistorico}
        entrada={paths.indicadorGlicose}
        entradaLabel="Registrar glicose"
        intro={
          diabetes
            ? 'Cores conforme as metas para quem tem diabetes (Diabetes marcado em Minha saúde).'
            : undefined
        }
        historico={historico}
        series={series}
        unidade="mg/dL"
        colunas={[
          { header: 'Glicose (mg/dL)', cell: (g) => g.value },
          { header: 'Período', cell: (g) => glicosePeriodoLabel(g.time_of_day), depois: true },
        ]}
        categoria={(g) => glicoseFaixa(g.value, diabetes)}
        legenda={[...(diabetes ? GLICOSE_FAIXAS.diabetes : GLICOSE_FAIXAS.outros)]}
        acoes={
          locked
            ? undefined
            : {
                header: 'Ações',
                cell: (g) => (
                  <Button
                    size="compact-sm"
                    variant="default"
                    onClick={() => setEditing(g)}
                    aria-label={`Editar ${g.value} mg/dL de ${g.data_afericao.split('-').reverse().join('/')}, ${glicosePeriodoLabel(g.time_of_day)}`}
                  >
                    Editar
                  </Button>
                ),
              }
        }
      />
      <GlicoseEditDialog leitura={editing} diabetes={diabetes} onClose={() => setEditing(null)} />
    </>
  );
}
