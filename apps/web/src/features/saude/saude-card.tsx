import { Textarea } from '@mantine/core';
import {
  applyDigitMask,
  SAUDE_TEXT_MAX,
  type Saude,
  SaudeSchema,
  type SaudeView,
  SUS_MASK,
} from '@pulso/domain';
import { Controller } from 'react-hook-form';
import { domainResolver } from '../../ui/domain-resolver.ts';
import { EditableFormCard, WIDE_FIELD } from '../../ui/editable-card.tsx';
import { controlledInputProps } from '../../ui/editable-card-fields.tsx';
import { InfoList } from '../../ui/info-list.tsx';
import { MaskedTextInput } from '../../ui/masked-text-input.tsx';
import { useCardForm } from '../../ui/use-card-form.ts';
import { useUpdateSaude } from './api/update-saude.ts';

/** The SUS card mask (`SUS_MASK` of the domain) in IMask notation. */
const SUS_IMASK = '000 0000 0000 0000';

/** Values of the health card as typed (`sus` masked). */
export interface SaudeValues {
  alergias: string;
  problemas: string;
  medicamentos: string;
  tratamento: string;
  protese: string;
  sus: string;
}

const fields = ['alergias', 'problemas', 'medicamentos', 'tratamento', 'protese', 'sus'] as const;

const TEXTS = [
  { name: 'alergias', label: 'Alergias', placeholder: 'Medicamentos, alimentos, picadas de inseto…' },
  {
    name: 'problemas',
    label: 'Problemas de saúde',
    placeholder: 'Doenças, cirurgias, condições que exigem cuidado…',
  },
  { name: 'medicamentos', label: 'Medicamentos em uso', placeholder: 'Nome, dose e horários' },
  {
    name: 'tratamento',
    label: 'Tratamento em andamento',
    placeholder: 'Quimioterapia, hemodiálise, fisioterapia…',
  },
  { name: 'protese', label: 'Próteses', placeholder: 'Marca-passo, prótese dentária, pinos…' },
] as const;

/** `'123456789012345'` → `'123 4567 8901 2345'`. */
export function formatSus(sus: string | null): string | null {
  return sus === null ? null : applyDigitMask(sus, SUS_MASK);
}

function toValues(s: SaudeView): SaudeValues {
  return {
    alergias: s.alergias ?? '',
    problemas: s.problemas ?? '',
    medicamentos: s.medicamentos ?? '',
    tratamento: s.tratamento ?? '',
    protese: s.protese ?? '',
    sus: formatSus(s.sus) ?? '',
  };
}

/**
 * 'Informações de saúde' (docs/health-record.md "Health information"):
 * allergies, health problems, medication, treatment, prostheses as free text,
 * and the SUS card number typed with the mask `### #### #### ####` and sent
 * as 15 digits (the domain schema's output).
 */
export function SaudeCard({ saude }: { saude: SaudeView }) {
  const card = useCardForm<SaudeValues, Saude>({
    resolver: domainResolver(SaudeSchema),
    saved: toValues(saude),
    mutation: useUpdateSaude(),
    fields,
  });
  const {
    register,
    control,
    formState: { errors },
  } = card.form;

  return (
    <EditableFormCard
      title="Informações de saúde"
      card={card}
      view={
        <InfoList
          items={[
            ...TEXTS.map((t) => ({ label: t.label, value: saude[t.name], wide: true })),
            { label: 'Cartão Nacional de Saúde (SUS)', value: formatSus(saude.sus) },
          ]}
        />
      }
    >
      {TEXTS.map((t) => (
        <Textarea
          key={t.name}
          {...register(t.name)}
          className={WIDE_FIELD}
          label={t.label}
          placeholder={t.placeholder}
          rows={3}
          resize="vertical"
          maxLength={SAUDE_TEXT_MAX}
          error={errors[t.name]?.message}
        />
      ))}
      <Controller
        control={control}
        name="sus"
        render={(controller) => (
          <MaskedTextInput
            mask={SUS_IMASK}
            {...controlledInputProps(controller)}
            label="Cartão Nacional de Saúde (SUS)"
            description="15 números, como no cartão"
            placeholder="000 0000 0000 0000"
            inputMode="numeric"
          />
        )}
      />
    </EditableFormCard>
  );
}
