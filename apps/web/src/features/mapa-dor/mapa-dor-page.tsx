import { Alert, Button, Group, NativeSelect, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  INTENSIDADE_DOR_LABELS,
  INTENSIDADES_DOR,
  type IntensidadeDor,
  isIntensidadeDor,
  isLocalDor,
  isLocked,
  LOCAIS_DOR,
  LOCAL_DOR_LABELS,
  type LocalDor,
  TIMELINE_DESCRICAO_MAX,
  TIMELINE_MESSAGES,
} from '@pulso/domain';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { pageTitles, paths } from '../../lib/paths.ts';
import { readQrFor } from '../../lib/qr-destino.ts';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { Icon } from '../../ui/icon.tsx';
import { TargetPatient } from '../../ui/target-patient/target-patient.tsx';
import { TARGET_PENDING_MESSAGE, useTargetPatient } from '../../ui/target-patient/use-target-patient.ts';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { useCreateDor } from './api/create-dor.ts';
import { useMapaDorUser } from './api/get-mapa-dor-user.ts';
import { DorConfirmDialog } from './dor-confirm-dialog.tsx';
import { DorHistoricoSection } from './dor-historico.tsx';
import classes from './mapa-dor-page.module.css';
import { PainBodyMap } from './pain-body-map.tsx';

/** Field errors of a failed save, under the fields they belong to. */
type DorErrors = Partial<Record<'local_dor' | 'intensidade_dor' | 'descricao', string>>;

const localOptions = [
  { value: '', label: 'Escolha o local' },
  ...LOCAIS_DOR.map((local) => ({ value: local, label: LOCAL_DOR_LABELS[local] })),
];
const intensidadeOptions = [
  { value: '', label: 'Escolha a intensidade' },
  ...INTENSIDADES_DOR.map((nivel) => ({ value: nivel, label: INTENSIDADE_DOR_LABELS[nivel] })),
];

/**
 * /mapa-dor, 'Mapa da dor' (docs/health-record.md "Pain map", "Locations and
 * levels", "Saving a pain record", "Trial lock"; issue 5 "Pain map"). The
 * body (front and back) and the location select set each other; a level, a
 * description. 'Salvar' is enabled only with all three; 'Cancelar' clears the
 * location and the level. 'Salvar' opens a confirm dialog saying that a saved
 * pain record can no longer be deleted or edited from the timeline;
 * confirming sends `POST /api/timeline/item` (tipo 8, today, valor 0) and
 * goes to /timeline with the server's message, cleared after 5 s. A failed
 * save shows the server's errors. A locked user (trial over, no plan, not
 * corporate) reads 'Seu período gratuito de 1 mês terminou.' with a way to
 * /planos, and the map and form are disabled. Under it, the history of the
 * last 90 days drawn on the body. A professional may record another patient's
 * pain (`user_id`; docs/health-record.md "Adding to another patient's
 * timeline"): their code typed or read (`?code=`), the record goes to that
 * timeline, the page stays for the next one and hides the caller's own
 * history.
 */
export default function MapaDorPage() {
  useDocumentTitle(pageTitles.mapaDor);
  const ids = { map: useId(), hint: useId(), form: useId(), patient: useId() };
  const user = useMapaDorUser();
  const createDor = useCreateDor();
  const snackbar = useSnackbar();
  const navigate = useNavigate();

  const [local, setLocal] = useState<LocalDor | null>(null);
  const [intensidade, setIntensidade] = useState<IntensidadeDor | null>(null);
  const [descricao, setDescricao] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<DorErrors>({});
  const patient = useTargetPatient(user.data?.user.id);

  const locked = user.data ? isLocked(user.data.user) : false;
  const complete = local !== null && intensidade !== null && descricao.trim() !== '';

  const chooseLocal = (value: LocalDor | null) => {
    setLocal(value);
    setErrors(({ local_dor: _, ...rest }) => rest);
  };

  const cancel = () => {
    setLocal(null);
    setIntensidade(null);
    setErrors({});
  };

  const confirm = () => {
    if (!local || !intensidade) return;
    // A code typed or read but not (yet) resolved must never save the pain on the caller's own timeline.
    if (patient.code !== null && !patient.target && !patient.own) {
      setConfirming(false);
      snackbar.error(patient.lookupError ?? TARGET_PENDING_MESSAGE);
      return;
    }
    const userId = patient.target?.id ?? null;
    createDor.mutate(
      { local_dor: local, intensidade_dor: intensidade, descricao: descricao.trim(), user_id: userId },
      {
        onSuccess: async ({ message }) => {
          setConfirming(false);
          if (userId !== null) {
            // The professional stays with the patient in front of them, ready for the next record.
            cancel();
            setDescricao('');
            snackbar.success(message);
            return;
          }
          await navigate(paths.timeline);
          snackbar.success(message);
        },
        onError: (error) => {
          setConfirming(false);
          if (error instanceof ApiError) {
            setErrors({
              local_dor: error.errors.local_dor?.[0],
              intensidade_dor: error.errors.intensidade_dor?.[0],
              descricao: error.errors.descricao?.[0],
            });
          }
          snackbar.error(error);
        },
      },
    );
  };

  return (
    <div className={classes.page}>
      <Stack gap="xs">
        <Title order={1} className={classes.title}>
          {pageTitles.mapaDor}
        </Title>
        <Text>
          Mostre no corpo onde dói, escolha a intensidade e descreva a dor. O registro vai para a{' '}
          {patient.target ? `linha do tempo de ${patient.target.name}` : 'sua linha do tempo'}.
        </Text>
      </Stack>

      {locked && (
        <Alert
          color="yellow"
          variant="light"
          classNames={{ root: classes.locked, title: classes.lockedTitle, icon: classes.lockedIcon }}
          icon={<Icon name="lock" size={20} />}
          title={TIMELINE_MESSAGES.locked}
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              Para registrar novas dores, assine um plano. Os registros que você já fez continuam na sua linha
              do tempo e no histórico abaixo.
            </Text>
            <Button component={Link} to={paths.planos} color="blue">
              Ver planos
            </Button>
          </Stack>
        </Alert>
      )}

      <section className={classes.card} aria-labelledby={ids.patient}>
        <Title order={2} id={ids.patient} className={classes.cardTitle}>
          Paciente
        </Title>
        <TargetPatient
          code={patient.code}
          target={patient.target ?? undefined}
          searching={patient.lookup.isFetching}
          lookupError={patient.lookupError}
          own={patient.own}
          onLookup={(next) => {
            if (next === patient.code) void patient.lookup.refetch();
            else patient.setCode(next);
          }}
          onClear={() => patient.setCode(null)}
          disabled={locked || createDor.isPending}
          readQrHref={readQrFor('mapa-dor')}
        />
      </section>

      <section className={classes.card} aria-labelledby={ids.form}>
        <Title order={2} id={ids.form} className={classes.visuallyHidden}>
          Registrar dor
        </Title>
        <div className={classes.recordGrid}>
          <div className={classes.mapColumn}>
            <Text id={ids.map} fw={600}>
              Onde dói?
            </Text>
            <Text id={ids.hint} size="sm" c="dimmed">
              {locked
                ? 'O mapa está bloqueado.'
                : local
                  ? `Local escolhido: ${LOCAL_DOR_LABELS[local]}.`
                  : 'Toque na região do corpo ou escolha o local na lista.'}
            </Text>
            <PainBodyMap
              value={local}
              onChange={chooseLocal}
              disabled={locked}
              labelledBy={ids.map}
              describedBy={ids.hint}
            />
          </div>

          <form
            className={classes.form}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (complete && !locked) setConfirming(true);
            }}
          >
            <NativeSelect
              label="Local da dor"
              size="md"
              data={localOptions}
              value={local ?? ''}
              disabled={locked}
              error={errors.local_dor}
              onChange={(event) => {
                const value = event.currentTarget.value;
                chooseLocal(isLocalDor(value) ? value : null);
              }}
            />
            <NativeSelect
              label="Intensidade da dor"
              size="md"
              data={intensidadeOptions}
              value={intensidade ?? ''}
              disabled={locked}
              error={errors.intensidade_dor}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setIntensidade(isIntensidadeDor(value) ? value : null);
                setErrors(({ intensidade_dor: _, ...rest }) => rest);
              }}
            />
            <Textarea
              label="Descrição"
              description="Como é a dor, quando começou, o que piora ou melhora."
              size="md"
              rows={4}
              resize="vertical"
              maxLength={TIMELINE_DESCRICAO_MAX}
              value={descricao}
              disabled={locked}
              error={errors.descricao}
              onChange={(event) => {
                setDescricao(event.currentTarget.value);
                setErrors(({ descricao: _, ...rest }) => rest);
              }}
            />
            {!locked && !complete && (
              <Text size="sm" c="dimmed">
                Preencha o local, a intensidade e a descrição para salvar.
              </Text>
            )}
            <Group justify="flex-end" gap="sm" className={classes.actions}>
              <Button variant="default" size="md" onClick={cancel} disabled={locked}>
                Cancelar
              </Button>
              <Button type="submit" size="md" disabled={locked || !complete}>
                Salvar
              </Button>
            </Group>
          </form>
        </div>
      </section>

      {/* The history is the caller's own: not shown while recording another patient's pain. */}
      {!patient.target && <DorHistoricoSection />}

      <DorConfirmDialog
        opened={confirming}
        local={local}
        intensidade={intensidade}
        busy={createDor.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={confirm}
      />
    </div>
  );
}
