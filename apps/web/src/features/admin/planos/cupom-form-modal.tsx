import { TextInput } from '@mantine/core';
import { type CupomAdmin, CupomAdminSchema, type CupomAdminView, formatDateBR } from '@pulso/domain';
import { Controller, useForm } from 'react-hook-form';
import { domainResolver } from '../../../ui/domain-resolver.ts';
import { FormModal, useFormResetOnOpen } from '../../../ui/form-modal.tsx';
import { MaskedTextInput } from '../../../ui/masked-text-input.tsx';
import { useRequestFeedback } from '../shared/use-request-feedback.ts';
import { useSalvarCupom } from './planos-api.ts';
import { SwitchField } from './switch-field.tsx';

/** The coupon form as typed: percent and limit as text, the last day as dd/mm/aaaa. */
interface CupomFormValues {
  nome: string;
  desconto: string;
  valido_ate: string;
  limite_usos: string;
  ativo: boolean;
}

const FIELDS = ['nome', 'desconto', 'valido_ate', 'limite_usos'] as const;

function initialValues(cupom: CupomAdminView | null): CupomFormValues {
  return cupom
    ? {
        nome: cupom.nome,
        desconto: String(cupom.desconto),
        valido_ate: cupom.valido_ate ? formatDateBR(cupom.valido_ate) : '',
        limite_usos: cupom.limite_usos === null ? '' : String(cupom.limite_usos),
        ativo: cupom.ativo,
      }
    : { nome: '', desconto: '', valido_ate: '', limite_usos: '', ativo: true };
}

/** The coupon dialog: a new coupon (`cupom` null) or an edit (its uses are kept). Closed while `opened` is false. */
export function CupomFormModal({
  opened,
  cupom,
  onClose,
}: {
  opened: boolean;
  cupom: CupomAdminView | null;
  onClose: () => void;
}) {
  const feedback = useRequestFeedback();
  const salvar = useSalvarCupom();
  const initial = initialValues(cupom);
  const form = useForm<CupomFormValues, unknown, CupomAdmin>({
    resolver: domainResolver(CupomAdminSchema),
    defaultValues: initial,
  });
  useFormResetOnOpen(opened, form.reset, initial);
  const errors = form.formState.errors;
  const submit = form.handleSubmit((body) =>
    salvar.mutate(
      { id: cupom?.id ?? null, body },
      { onSuccess: feedback.success(onClose), onError: feedback.fieldErrors(form.setError, FIELDS) },
    ),
  );
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={cupom ? `Editar ${cupom.nome}` : 'Novo cupom'}
      label={cupom ? 'Editar cupom' : 'Novo cupom'}
      onSubmit={submit}
      busy={salvar.isPending}
      submitLabel="Salvar cupom"
      lockCancel
      size="md"
      gap="sm"
    >
      <TextInput
        label="Nome do cupom"
        description="O que o paciente digita; maiúsculas e minúsculas são iguais."
        required
        autoComplete="off"
        data-autofocus
        error={errors.nome?.message}
        {...form.register('nome')}
      />
      <TextInput
        label="Desconto (%)"
        description="De 1 a 100. Com 100%, o pedido sai grátis."
        required
        inputMode="numeric"
        autoComplete="off"
        maw={200}
        error={errors.desconto?.message}
        {...form.register('desconto')}
      />
      <Controller
        control={form.control}
        name="valido_ate"
        render={({ field }) => (
          <MaskedTextInput
            label="Válido até (opcional)"
            description="Último dia de uso, no horário de Brasília. Em branco: sem prazo."
            mask="00/00/0000"
            placeholder="dd/mm/aaaa"
            inputMode="numeric"
            maw={200}
            error={errors.valido_ate?.message}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            inputRef={field.ref}
          />
        )}
      />
      <TextInput
        label="Limite de usos (opcional)"
        description="Em branco: sem limite."
        inputMode="numeric"
        autoComplete="off"
        maw={200}
        error={errors.limite_usos?.message}
        {...form.register('limite_usos')}
      />
      <SwitchField control={form.control} name="ativo" label="Ativo" />
    </FormModal>
  );
}
