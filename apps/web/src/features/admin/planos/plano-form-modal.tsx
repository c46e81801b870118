import { Select, Textarea, TextInput } from '@mantine/core';
import {
  PERIODO_LABELS,
  PLANO_TIPOS,
  type PlanoAdmin,
  PlanoAdminSchema,
  type PlanoAdminView,
  PRECO_MAXIMO,
} from '@pulso/domain';
import { Controller, useForm } from 'react-hook-form';
import { domainResolver } from '../../../ui/domain-resolver.ts';
import { FormModal, useFormResetOnOpen } from '../../../ui/form-modal.tsx';
import { ReaisInput, reaisText } from '../../../ui/reais-input.tsx';
import { useRequestFeedback } from '../shared/use-request-feedback.ts';
import { useSalvarPlano } from './planos-api.ts';
import { SwitchField } from './switch-field.tsx';

/** The plan form as typed: the price as masked reais, the type as the select's text. */
interface PlanoFormValues {
  nome: string;
  preco: string;
  periodo: 'M' | 'A';
  tipo: string;
  descricao: string;
  stripe_plan: string;
  ativo: boolean;
}

const FIELDS = ['nome', 'preco', 'periodo', 'tipo', 'descricao', 'stripe_plan'] as const;

function initialValues(plano: PlanoAdminView | null): PlanoFormValues {
  return plano
    ? {
        nome: plano.nome,
        preco: reaisText(plano.preco),
        periodo: plano.periodo,
        tipo: String(plano.tipo),
        descricao: plano.descricao ?? '',
        stripe_plan: plano.stripe_plan ?? '',
        ativo: plano.ativo,
      }
    : { nome: '', preco: '', periodo: 'M', tipo: '1', descricao: '', stripe_plan: '', ativo: true };
}

/** The plan dialog: a new plan (`plano` null) or an edit. Closed while `opened` is false. */
export function PlanoFormModal({
  opened,
  plano,
  onClose,
}: {
  opened: boolean;
  plano: PlanoAdminView | null;
  onClose: () => void;
}) {
  const feedback = useRequestFeedback();
  const salvar = useSalvarPlano();
  const initial = initialValues(plano);
  const form = useForm<PlanoFormValues, unknown, PlanoAdmin>({
    resolver: domainResolver(PlanoAdminSchema),
    defaultValues: initial,
  });
  useFormResetOnOpen(opened, form.reset, initial);
  const errors = form.formState.errors;
  const submit = form.handleSubmit((body) =>
    salvar.mutate(
      { id: plano?.id ?? null, body },
      { onSuccess: feedback.success(onClose), onError: feedback.fieldErrors(form.setError, FIELDS) },
    ),
  );
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={plano ? `Editar ${plano.nome}` : 'Novo plano'}
      label={plano ? 'Editar plano' : 'Novo plano'}
      onSubmit={submit}
      busy={salvar.isPending}
      submitLabel="Salvar plano"
      lockCancel
      gap="sm"
    >
      <TextInput
        label="Nome"
        required
        data-autofocus
        error={errors.nome?.message}
        {...form.register('nome')}
      />
      <Controller
        control={form.control}
        name="preco"
        render={({ field }) => (
          <ReaisInput
            max={PRECO_MAXIMO / 100}
            label="Preço"
            description="Mínimo R$ 0,50. Um novo preço vale para compras e renovações a partir de agora."
            placeholder="R$ 0,00"
            required
            error={errors.preco?.message}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            inputRef={field.ref}
          />
        )}
      />
      <Controller
        control={form.control}
        name="periodo"
        render={({ field }) => (
          <Select
            label="Período"
            required
            allowDeselect={false}
            data={Object.entries(PERIODO_LABELS).map(([value, label]) => ({ value, label }))}
            error={errors.periodo?.message}
            value={field.value}
            onChange={(value) => field.onChange(value ?? 'M')}
            onBlur={field.onBlur}
            ref={field.ref}
          />
        )}
      />
      <Controller
        control={form.control}
        name="tipo"
        render={({ field }) => (
          <Select
            label="Tipo"
            required
            allowDeselect={false}
            data={Object.entries(PLANO_TIPOS).map(([value, label]) => ({ value, label }))}
            error={errors.tipo?.message}
            value={field.value}
            onChange={(value) => field.onChange(value ?? '1')}
            onBlur={field.onBlur}
            ref={field.ref}
          />
        )}
      />
      <Textarea
        label="Descrição"
        autosize
        minRows={2}
        maxRows={6}
        error={errors.descricao?.message}
        {...form.register('descricao')}
      />
      <TextInput
        label="Identificador no provedor de pagamento"
        description="No Stripe, o id do preço (price_…)."
        required
        autoComplete="off"
        error={errors.stripe_plan?.message}
        {...form.register('stripe_plan')}
      />
      <SwitchField control={form.control} name="ativo" label="À venda" />
    </FormModal>
  );
}
