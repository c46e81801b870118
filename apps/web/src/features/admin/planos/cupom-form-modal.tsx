import { Button, Group, Stack, Switch, TextInput } from '@mantine/core';
import { type CupomAdmin, CupomAdminSchema, type CupomAdminView, formatDateBR } from '@pulso/domain';
import { Controller, useForm } from 'react-hook-form';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context.tsx';
import { AppModal } from '../../../ui/app-modal.tsx';
import { domainResolver } from '../../../ui/domain-resolver.ts';
import { MaskedTextInput } from '../../../ui/masked-text-input.tsx';
import { applyServerErrors } from '../../../ui/server-errors.ts';
import { useSalvarCupom } from './planos-api.ts';

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

function CupomForm({ cupom, onDone }: { cupom: CupomAdminView | null; onDone: () => void }) {
  const snackbar = useSnackbar();
  const salvar = useSalvarCupom();
  const form = useForm<CupomFormValues, unknown, CupomAdmin>({
    resolver: domainResolver(CupomAdminSchema),
    defaultValues: initialValues(cupom),
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((body) =>
    salvar.mutate(
      { id: cupom?.id ?? null, body },
      {
        onSuccess: (answer) => {
          snackbar.success(answer.message);
          onDone();
        },
        onError: (error) => {
          if (!applyServerErrors(error, form.setError, FIELDS)) snackbar.error(error);
        },
      },
    ),
  );
  return (
    <form aria-label={cupom ? 'Editar cupom' : 'Novo cupom'} noValidate onSubmit={submit}>
      <Stack gap="sm">
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
        <Controller
          control={form.control}
          name="ativo"
          render={({ field }) => (
            <Switch
              label="Ativo"
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
            />
          )}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={salvar.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={salvar.isPending}>
            Salvar cupom
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The coupon dialog: a new coupon (`cupom` null) or an edit (its uses are kept). */
export function CupomFormModal({
  opened,
  cupom,
  onClose,
}: {
  opened: boolean;
  cupom: CupomAdminView | null;
  onClose: () => void;
}) {
  return (
    <AppModal opened={opened} onClose={onClose} title={cupom ? `Editar ${cupom.nome}` : 'Novo cupom'}>
      {opened && <CupomForm key={cupom?.id ?? 'novo'} cupom={cupom} onDone={onClose} />}
    </AppModal>
  );
}
