import { Alert, Button, Paper, Radio, Text, Title } from '@mantine/core';
import {
  isLocked,
  TIMELINE_ADD_TIPOS,
  TIMELINE_TIPOS,
  type TimelineItemCreate,
  TimelineItemCreateSchema,
  todayInSaoPaulo,
} from '@pulso/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { userQueryKey, useUser } from '../../../lib/auth.tsx';
import { pageTitles, paths } from '../../../lib/paths.ts';
import { readQrFor } from '../../../lib/qr-destino.ts';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context.tsx';
import { domainResolver } from '../../../ui/domain-resolver.ts';
import { ANEXO_QUALITY_ADD } from '../../../ui/image/resize-image.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { applyServerErrors } from '../../../ui/server-errors.ts';
import { TargetPatient } from '../../../ui/target-patient/target-patient.tsx';
import { TARGET_PENDING_MESSAGE, useTargetPatient } from '../../../ui/target-patient/use-target-patient.ts';
import { TimelineTipoIcon } from '../../../ui/timeline/timeline-tipo-icon.tsx';
import { LockedButton } from '../../../ui/trial-lock/locked-button.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useCreateTimelineItem } from '../api/create-timeline-item.ts';
import { RecordFields, type RecordFieldValues } from '../shared/record-fields.tsx';
import { LockedNotice } from '../shared/trial-lock.tsx';
import { type AddRefusal, addRefusal } from './add-refusal.ts';
import { AnexosField } from './anexos-field.tsx';
import classes from './timeline-add-page.module.css';
import { useAnexos } from './use-anexos.ts';

/**
 * Values of the add form as typed: `tipo` '' or '1'…'7', `data` `YYYY-MM-DD`
 * (the date input), `valor` with the R$ mask, `medico_id` the listed doctor
 * chosen (null for a typed name).
 */
export interface TimelineAddValues extends RecordFieldValues {
  tipo: string;
}

/** Fields that may receive a 422 error from `POST /api/timeline/item`. */
const FIELDS = [
  'tipo',
  'data',
  'valor',
  'medico_id',
  'medico_name',
  'descricao',
] as const satisfies readonly Path<TimelineAddValues>[];

function emptyValues(): TimelineAddValues {
  return { tipo: '', data: todayInSaoPaulo(), valor: '', medico_id: null, medico_name: '', descricao: '' };
}

/**
 * /timeline/add, 'Novo registro' (docs/health-record.md "Adding a record";
 * issue 5): type (1, 2, 3, 4, 5, 7), date (today by default, never in the
 * future), value with the R$ mask (sent as '1234.56'), doctor by autocomplete
 * or free text, description and attachments (images resized to 800 px JPEG at
 * quality 0.5, PDFs as they are). Saved with `POST /api/timeline/item`
 * (multipart): on the patient's own timeline it shows 'Adicionado com
 * sucesso!' and goes to /timeline; for another patient (looked up by code,
 * typed here or read from their QR Code and passed as `?code=`), it sends
 * `user_id`, shows 'Adicionado na linha do tempo do paciente com sucesso!'
 * for 5 seconds and empties the record for the next one, keeping the patient
 * (a non-doctor's record waits for the patient's approval, and the message
 * says so). A 422 puts each message under its field and keeps everything
 * typed and attached; the daily cap (429) and an expired lookup of the code
 * (403) are explained by the Save button, the latter with a way to look the
 * patient up again (docs/timeline-privacy.md). Locked users
 * (docs/health-record.md "Trial lock") see the form disabled with 'Seu
 * período gratuito de 1 mês terminou.' and a way to /planos.
 */
export default function TimelineAddPage() {
  useDocumentTitle(pageTitles.timelineAdd);
  const me = useUser();
  const { code, lookup, own, target, lookupError, setCode } = useTargetPatient(me.data?.user.id);
  const anexos = useAnexos(ANEXO_QUALITY_ADD);
  const create = useCreateTimelineItem();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const patientHeading = useId();
  const recordHeading = useId();
  const [refusal, setRefusal] = useState<AddRefusal | null>(null);

  const form = useForm<TimelineAddValues, unknown, TimelineItemCreate>({
    resolver: domainResolver(TimelineItemCreateSchema),
    defaultValues: emptyValues(),
  });
  const {
    control,
    clearErrors,
    formState: { errors },
  } = form;

  if (me.isPending) return <PageLoader />;

  const user = me.data?.user;
  const locked = user ? isLocked(user) : false;

  const submit = form.handleSubmit((item) => {
    // A code typed or read but not (yet) resolved to a patient must never send the record to the
    // caller's own timeline by mistake.
    if (code !== null && !target && !own) {
      snackbar.error(lookupError ?? TARGET_PENDING_MESSAGE);
      return;
    }
    const userId = target?.id ?? null;
    setRefusal(null);
    create.mutate(
      { item, anexos: anexos.anexos.map((a) => a.file), userId },
      {
        onSuccess: (answer) => {
          snackbar.success(answer.message);
          if (userId === null) {
            void navigate(paths.timeline);
            return;
          }
          // A doctor often writes several records for the patient in front of them.
          form.reset(emptyValues());
          anexos.clear();
          form.setFocus('tipo');
        },
        onError: (error) => {
          const refused = addRefusal(error);
          if (refused) {
            setRefusal(refused);
            return;
          }
          applyServerErrors(error, form.setError, FIELDS);
          if (error instanceof ApiError) {
            const anexoError = error.errors.anexos?.[0] ?? error.errors['anexos[]']?.[0];
            if (anexoError) anexos.setError(anexoError);
            if (error.status === 403) void queryClient.invalidateQueries({ queryKey: userQueryKey });
          }
          snackbar.error(error);
        },
      },
    );
  });

  return (
    <div className={classes.page}>
      <Title order={1} className={classes.title}>
        {pageTitles.timelineAdd}
      </Title>

      {locked && <LockedNotice />}

      <Paper
        component="section"
        aria-labelledby={patientHeading}
        withBorder
        radius="md"
        p="lg"
        className={classes.card}
      >
        <Title order={2} id={patientHeading} className={classes.cardTitle}>
          Paciente
        </Title>
        <TargetPatient
          code={code}
          target={target ?? undefined}
          searching={lookup.isFetching}
          lookupError={lookupError}
          own={own}
          onLookup={(next) => {
            if (next === code) void lookup.refetch();
            else setCode(next);
          }}
          onClear={() => {
            setRefusal(null);
            setCode(null);
          }}
          disabled={locked || create.isPending}
          readQrHref={readQrFor('timeline')}
        />
      </Paper>

      <Paper
        component="section"
        aria-labelledby={recordHeading}
        withBorder
        radius="md"
        p="lg"
        className={classes.card}
      >
        <Title order={2} id={recordHeading} className={classes.cardTitle}>
          Registro
        </Title>
        <form noValidate onSubmit={submit} aria-labelledby={recordHeading}>
          <fieldset disabled={locked} className={classes.fieldset}>
            <div className={classes.fields}>
              <Controller
                control={control}
                name="tipo"
                render={({ field }) => (
                  <Radio.Group
                    className={classes.wide}
                    label="Tipo de registro"
                    value={field.value}
                    onChange={(value) => {
                      field.onChange(value);
                      clearErrors('tipo');
                    }}
                    name={field.name}
                    error={errors.tipo?.message}
                  >
                    <div className={classes.tipos}>
                      {TIMELINE_ADD_TIPOS.map((tipo, index) => (
                        <Radio.Card
                          key={tipo}
                          value={String(tipo)}
                          ref={index === 0 ? field.ref : undefined}
                          onBlur={field.onBlur}
                          className={classes.tipo}
                          radius="md"
                        >
                          <Radio.Indicator className={classes.tipoIndicator} />
                          <span className={classes.tipoIcon}>
                            <TimelineTipoIcon tipo={tipo} size={22} />
                          </span>
                          <span className={classes.tipoLabel}>{TIMELINE_TIPOS[tipo]}</span>
                        </Radio.Card>
                      ))}
                    </div>
                  </Radio.Group>
                )}
              />
              <RecordFields form={form} descricaoRows={5} />
              <div className={classes.wide}>
                <AnexosField state={anexos} disabled={locked || create.isPending} />
              </div>
            </div>
          </fieldset>
          <div className={classes.actions}>
            <Button component={Link} to={paths.timeline} variant="default">
              Cancelar
            </Button>
            {locked ? (
              <LockedButton>Salvar</LockedButton>
            ) : (
              <Button type="submit" loading={create.isPending} disabled={anexos.preparing > 0}>
                Salvar
              </Button>
            )}
          </div>
          {anexos.preparing > 0 && (
            <Text size="xs" c="dimmed" ta="right" mt="xs">
              Aguarde os anexos ficarem prontos para salvar.
            </Text>
          )}
          {refusal && (
            <Alert
              color="red"
              variant="light"
              role="alert"
              mt="md"
              title={
                refusal.kind === 'limite' ? 'Limite de registros por dia' : 'Busque o paciente novamente'
              }
            >
              <Text size="sm">{refusal.message}</Text>
              {refusal.kind === 'busca' && code !== null && (
                <Button
                  mt="sm"
                  variant="outline"
                  color="dark"
                  loading={lookup.isFetching}
                  onClick={() => {
                    setRefusal(null);
                    void lookup.refetch();
                  }}
                >
                  Buscar paciente novamente
                </Button>
              )}
            </Alert>
          )}
        </form>
      </Paper>
    </div>
  );
}
