import { Select, TextInput } from '@mantine/core';
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
import { CardFormActions, EditableCard } from '../../ui/editable-card.tsx';
import { InfoList } from '../../ui/info-list.tsx';
import { MaskedTextInput } from '../../ui/masked-text-input.tsx';
import { PhoneInput } from '../../ui/phone-input.tsx';
import { useCardForm } from '../../ui/use-card-form.ts';
import { useUpdatePessoal } from './api/update-pessoal.ts';
import classes from './card-form.module.css';

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
  const {
    register,
    control,
    formState: { errors },
  } = card.form;

  return (
    <EditableCard title="Informações pessoais" editing={card.editing} onEdit={card.startEditing}>
      {card.editing ? (
        <form noValidate onSubmit={card.submit} aria-label="Editar informações pessoais">
          <div className={classes.fields}>
            <Controller
              control={control}
              name="telefone"
              render={({ field }) => (
                <MaskedTextInput
                  mask={MOBILE_IMASK}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  label="Telefone celular"
                  placeholder="(11) 91234 5678"
                  inputMode="tel"
                  autoComplete="tel-national"
                  required
                  error={errors.telefone?.message}
                />
              )}
            />
            <TextInput
              {...register('contato')}
              label="Contato de emergência"
              placeholder="Nome de quem avisar"
              autoComplete="off"
              error={errors.contato?.message}
            />
            <Controller
              control={control}
              name="contato_telefone"
              render={({ field }) => (
                <PhoneInput
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  label="Telefone do contato"
                  description="Celular ou fixo, com DDD"
                  autoComplete="off"
                  error={errors.contato_telefone?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="contato_relacao"
              render={({ field }) => (
                <Select
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  label="Relação com o contato"
                  placeholder="Escolha"
                  data={enumOptions(RELACAO)}
                  clearable
                  clearButtonProps={{ 'aria-label': 'Limpar relação com o contato' }}
                  error={errors.contato_relacao?.message}
                />
              )}
            />
          </div>
          <CardFormActions saving={card.saving} onCancel={card.cancel} />
        </form>
      ) : (
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
      )}
    </EditableCard>
  );
}
