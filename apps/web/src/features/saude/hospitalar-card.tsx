import { TextInput } from '@mantine/core';
import {
  type Hospitalar,
  HospitalarSchema,
  type HospitalarView,
  hospitalarDoctorFields,
  type MedicoOption,
} from '@pulso/domain';
import { Controller, useWatch } from 'react-hook-form';
import { domainResolver } from '../../ui/domain-resolver.ts';
import { EditableFormCard, WIDE_FIELD } from '../../ui/editable-card.tsx';
import { InfoList } from '../../ui/info-list.tsx';
import { MedicoAutocomplete } from '../../ui/medico-autocomplete/medico-autocomplete.tsx';
import { useCardForm } from '../../ui/use-card-form.ts';
import { useUpdateHospitalar } from './api/update-hospitalar.ts';
import classes from './hospitalar-card.module.css';

/** Hint of the doctor's CRM and specialty while they come from the registered doctor. */
export const FROM_DOCTOR_RECORD = 'Preenchido pelo cadastro do médico';

/**
 * Values of the hospital card as typed. `medico_id` is the registered doctor
 * chosen from the list (name, CRM and specialty then come from their record),
 * `null` for a doctor typed as free text.
 */
export interface HospitalarValues {
  convenio_empresa: string;
  convenio_numero: string;
  hospital: string;
  medico_id: number | null;
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
  'medico_id',
] as const;

function toValues(h: HospitalarView): HospitalarValues {
  return {
    convenio_empresa: h.convenio_empresa ?? '',
    convenio_numero: h.convenio_numero ?? '',
    hospital: h.hospital ?? '',
    medico_id: h.medico_id,
    medico_name: h.medico_name ?? '',
    medico_crm: h.medico_crm ?? '',
    medico_especialidade: h.medico_especialidade ?? '',
  };
}

/**
 * 'Informações hospitalares' (docs/health-record.md "Hospital information"):
 * health plan and its number (digits only), preferred hospital and the
 * patient's doctor. The doctor is either chosen by autocomplete among
 * registered doctors — name, CRM and specialty then come from their record
 * and CRM and specialty are disabled — or typed as free text; typing another
 * name after choosing goes back to free text. Saved 100 ms after 'Salvar'
 * (docs/health-record.md "Hospital information").
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
    control,
    getValues,
    setValue,
    clearErrors,
    formState: { errors },
  } = card.form;
  const medicoId = useWatch({ control, name: 'medico_id' });
  const fromRecord = medicoId !== null;
  /** CRM and specialty: locked, and hinted, while they come from the registered doctor. */
  const recordField = {
    description: fromRecord ? FROM_DOCTOR_RECORD : undefined,
    disabled: fromRecord,
    classNames: { input: classes.fromRecord },
  };

  const choose = (medico: MedicoOption) => {
    const chosen = hospitalarDoctorFields(medico);
    setValue('medico_id', chosen.medico_id);
    setValue('medico_name', chosen.medico_name);
    setValue('medico_crm', chosen.medico_crm ?? '');
    setValue('medico_especialidade', chosen.medico_especialidade ?? '');
    clearErrors(['medico_id', 'medico_name', 'medico_crm', 'medico_especialidade']);
  };

  /** Another name than the chosen doctor's is a free-text doctor: their CRM and specialty go too. */
  const typeName = (text: string, onChange: (text: string) => void) => {
    const chosenName = getValues('medico_id') === null ? null : getValues('medico_name');
    onChange(text);
    clearErrors('medico_id');
    if (chosenName !== null && text !== chosenName) {
      setValue('medico_id', null);
      setValue('medico_crm', '');
      setValue('medico_especialidade', '');
    }
  };

  return (
    <EditableFormCard
      title="Informações hospitalares"
      card={card}
      view={
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
      }
    >
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
        className={WIDE_FIELD}
        label="Hospital de preferência"
        maxLength={255}
        error={errors.hospital?.message}
      />
      <Controller
        control={control}
        name="medico_name"
        render={({ field }) => (
          <MedicoAutocomplete
            className={WIDE_FIELD}
            text={field.value}
            onTextChange={(text) => typeName(text, field.onChange)}
            selected={fromRecord ? field.value : null}
            onSelect={choose}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={errors.medico_id?.message ?? errors.medico_name?.message}
          />
        )}
      />
      <TextInput
        {...register('medico_crm')}
        label="CRM do médico"
        placeholder="CRM/SP 123456"
        {...recordField}
        maxLength={30}
        error={errors.medico_crm?.message}
      />
      <TextInput
        {...register('medico_especialidade')}
        label="Especialidade do médico"
        placeholder="Cardiologia"
        {...recordField}
        maxLength={120}
        error={errors.medico_especialidade?.message}
      />
    </EditableFormCard>
  );
}
