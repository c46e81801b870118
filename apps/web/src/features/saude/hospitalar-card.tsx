import { TextInput } from '@mantine/core';
import { type Hospitalar, HospitalarSchema, type HospitalarView } from '@pulso/domain';
import { domainResolver } from '../../ui/domain-resolver.ts';
import { CardFormActions, EditableCard } from '../../ui/editable-card.tsx';
import { InfoList } from '../../ui/info-list.tsx';
import { useCardForm } from '../../ui/use-card-form.ts';
import { useUpdateHospitalar } from './api/update-hospitalar.ts';
import classes from './saude-page.module.css';

/** Values of the hospital card as typed (the doctor is free text until issue 6). */
export interface HospitalarValues {
  convenio_empresa: string;
  convenio_numero: string;
  hospital: string;
  medico_name: string;
  medico_crm: string;
  medico_especialidade: string;
}

const fields = [
  'convenio_empresa',
  'convenio_numero',
  'hospital',
  'medico_name',
  'medico_crm',
  'medico_especialidade',
] as const;

function toValues(h: HospitalarView): HospitalarValues {
  return {
    convenio_empresa: h.convenio_empresa ?? '',
    convenio_numero: h.convenio_numero ?? '',
    hospital: h.hospital ?? '',
    medico_name: h.medico_name ?? '',
    medico_crm: h.medico_crm ?? '',
    medico_especialidade: h.medico_especialidade ?? '',
  };
}

/**
 * 'Informações hospitalares' (spec 1 §3 User.hospitalar): health plan and
 * its number (digits only), preferred hospital and the patient's doctor
 * (name, CRM, specialty) as free text — choosing a registered doctor waits
 * for doctor accounts (issue 6), so `medico_id` is sent as `null`.
 */
export function HospitalarCard({ hospitalar }: { hospitalar: HospitalarView }) {
  const card = useCardForm<HospitalarValues, Hospitalar>({
    resolver: domainResolver(HospitalarSchema),
    saved: toValues(hospitalar),
    mutation: useUpdateHospitalar(),
    fields,
  });
  const {
    register,
    formState: { errors },
  } = card.form;

  return (
    <EditableCard title="Informações hospitalares" editing={card.editing} onEdit={card.startEditing}>
      {card.editing ? (
        <form noValidate onSubmit={card.submit} aria-label="Editar informações hospitalares">
          <div className={classes.fields}>
            <TextInput
              {...register('convenio_empresa')}
              label="Convênio / empresa"
              placeholder="Nome do plano de saúde"
              maxLength={255}
              error={errors.convenio_empresa?.message}
            />
            <TextInput
              {...register('convenio_numero')}
              label="Número do convênio"
              description="Apenas números"
              inputMode="numeric"
              maxLength={40}
              error={errors.convenio_numero?.message}
            />
            <TextInput
              {...register('hospital')}
              className={classes.wide}
              label="Hospital de preferência"
              maxLength={255}
              error={errors.hospital?.message}
            />
            <TextInput
              {...register('medico_name')}
              className={classes.wide}
              label="Médico"
              placeholder="Nome do seu médico"
              maxLength={255}
              error={errors.medico_name?.message}
            />
            <TextInput
              {...register('medico_crm')}
              label="CRM do médico"
              placeholder="123456/SP"
              maxLength={30}
              error={errors.medico_crm?.message}
            />
            <TextInput
              {...register('medico_especialidade')}
              label="Especialidade do médico"
              placeholder="Cardiologia"
              maxLength={120}
              error={errors.medico_especialidade?.message}
            />
          </div>
          <CardFormActions saving={card.saving} onCancel={card.cancel} />
        </form>
      ) : (
        <InfoList
          items={[
            { label: 'Convênio / empresa', value: hospitalar.convenio_empresa },
            { label: 'Número do convênio', value: hospitalar.convenio_numero },
            { label: 'Hospital de preferência', value: hospitalar.hospital, wide: true },
            { label: 'Médico', value: hospitalar.medico_name, wide: true },
            { label: 'CRM do médico', value: hospitalar.medico_crm },
            { label: 'Especialidade do médico', value: hospitalar.medico_especialidade },
          ]}
        />
      )}
    </EditableCard>
  );
}
