import { TextInput } from '@mantine/core';
import {
  enumLabel,
  enumOptions,
  formatPhone,
  type Pessoal,
  PessoalSchema,
  RELACAO,
  type UserView,
} from '@pulso/domain';
import { Controller } from 'react-hook-form';
import { domainResolver } from '../../ui/domain-resolver.ts';
import { EditableFormCard } from '../../ui/editable-card.tsx';
import { controlledInputProps, SelectField } from '../../ui/editable-card-fields.tsx';
import { InfoList } from '../../ui/info-list.tsx';
import { MaskedTextInput } from '../../ui/masked-text-input.tsx';
import { PhoneInput } from '../../ui/phone-input.tsx';
import { useCardForm } from '../../ui/use-card-form.ts';
import { useUpdatePessoal } from './api/update-pessoal.ts';

/** Mobile mask (docs/accounts.md "Phones": `(##) ##### ####`) in IMask notation. */
const MOBILE_IMASK = '(00) 00000 0000';

/** Values of the personal card as typed (masked phones). */
export interface PessoalValues {
  telefone: string;
  contato: string;
  contato_telefone: string;
  contato_relacao: string | null;
}

const fields = ['telefone', 'contato', 'contato_telefone', 'contato_relacao'] as const;

function toValues(pessoal: UserView['pessoal']): PessoalValues {
  return {
    telefone: formatPhone(pessoal.telefone ?? ''),
    contato: pessoal.contato ?? '',
    contato_telefone: formatPhone(pessoal.contato_telefone ?? ''),
    contato_relacao: pessoal.contato_relacao,
  };
}

/** 'Informações pessoais' (docs/accounts.md "Personal information"): the patient's mobile and the emergency contact. */
export function PessoalCard({ pessoal }: { pessoal: UserView['pessoal'] }) {
  const card = useCardForm<PessoalValues, Pessoal>({
    resolver: domainResolver(PessoalSchema),
    saved: toValues(pessoal),
    mutation: useUpdatePessoal(),
    fields,
  });
  const { register, control, formState } = card.form;

  return (
    <EditableFormCard
      title="Informações pessoais"
      card={card}
      view={
        <InfoList
          items={[
            { label: 'Telefone celular', value: pessoal.telefone && formatPhone(pessoal.telefone) },
            { label: 'Contato de emergência', value: pessoal.contato },
            {
              label: 'Telefone do contato',
              value: pessoal.contato_telefone && formatPhone(pessoal.contato_telefone),
            },
            { label: 'Relação com o contato', value: enumLabel(RELACAO, pessoal.contato_relacao) },
          ]}
        />
      }
    >
      <Controller
        control={control}
        name="telefone"
        render={(controller) => (
          <MaskedTextInput
            mask={MOBILE_IMASK}
            {...controlledInputProps(controller)}
            label="Telefone celular"
            placeholder="(11) 91234 5678"
            inputMode="tel"
            autoComplete="tel-national"
            required
          />
        )}
      />
      <TextInput
        {...register('contato')}
        label="Contato de emergência"
        placeholder="Nome de quem avisar"
        autoComplete="off"
        error={formState.errors.contato?.message}
      />
      <Controller
        control={control}
        name="contato_telefone"
        render={(controller) => (
          <PhoneInput
            {...controlledInputProps(controller)}
            label="Telefone do contato"
            description="Celular ou fixo, com DDD"
            autoComplete="off"
          />
        )}
      />
      <SelectField
        control={control}
        name="contato_relacao"
        label="Relação com o contato"
        data={enumOptions(RELACAO)}
      />
    </EditableFormCard>
  );
}
