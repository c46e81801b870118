import { Button, Checkbox, Group, MultiSelect, PasswordInput, Stack, TextInput } from '@mantine/core';
import {
  type AdminMedicoDetail,
  type MedicoCreate,
  MedicoCreateSchema,
  type MedicoEdit,
  MedicoEditSchema,
} from '@pulso/domain';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { domainResolver } from '../../../ui/domain-resolver.ts';
import { withPasswordRule } from '../../../ui/password-rule.ts';
import { PasswordStrengthMeter } from '../../../ui/password-strength-meter.tsx';
import { useRequestFeedback } from '../shared/use-request-feedback.ts';
import { useCreateMedico, useEditMedico, useEspecialidadeNomes } from './medicos-api.ts';

/** What the form holds: texts as typed (the domain schema reads the lists and the IBGE code). */
interface FormValues {
  name: string;
  email: string;
  password: string;
  crms: string;
  especialidades: string[];
  cidade_id: string;
  clinicas: string;
  suporte: boolean;
}

const FIELDS = ['name', 'email', 'password', 'crms', 'especialidades', 'cidade_id', 'clinicas'] as const;

function initial(medico: AdminMedicoDetail | null): FormValues {
  return {
    name: medico?.name ?? '',
    email: '',
    password: '',
    crms: medico ? medico.crms.map((c) => `${c.numero}/${c.uf}`).join(', ') : '',
    especialidades: medico?.especialidades ?? [],
    cidade_id: medico?.cidade_id ? String(medico.cidade_id) : '',
    clinicas: medico?.clinicas.join(', ') ?? '',
    suporte: false,
  };
}

/**
 * The doctor form of /admin/medicos (issue 9 "Doctors"): with `medico` it
 * edits the name, CRMs, specialties, city and clinics; without, it creates
 * a doctor account (also e-mail, password and the support flag), with the
 * rules of `npm run medico:create` (`MedicoCreateSchema`). The server's
 * field errors land under their fields.
 */
export function MedicoForm({
  medico,
  onDone,
}: {
  medico: AdminMedicoDetail | null;
  onDone: (saved: AdminMedicoDetail) => void;
}) {
  const feedback = useRequestFeedback();
  const especialidades = useEspecialidadeNomes();
  const create = useCreateMedico();
  const edit = useEditMedico(medico?.id ?? 0);
  const creating = medico === null;
  const form = useForm<FormValues, unknown, MedicoCreate | MedicoEdit>({
    resolver: creating
      ? withPasswordRule(domainResolver(MedicoCreateSchema), (v) => ({ email: v.email, name: v.name }))
      : domainResolver(MedicoEditSchema),
    defaultValues: initial(medico),
  });
  const errors = form.formState.errors;
  const [name, email, password] = useWatch({ control: form.control, name: ['name', 'email', 'password'] });
  const onError = feedback.fieldErrors(form.setError, FIELDS);
  const submit = form.handleSubmit((values) => {
    const done = feedback.success((answer: { medico: AdminMedicoDetail; message: string }) =>
      onDone(answer.medico),
    );
    if (creating) create.mutate(values as MedicoCreate, { onSuccess: done, onError });
    else edit.mutate(values as MedicoEdit, { onSuccess: done, onError });
  });
  return (
    <form noValidate onSubmit={submit} aria-label={creating ? 'Novo médico' : 'Editar médico'}>
      <Stack gap="sm">
        <TextInput label="Nome completo" required error={errors.name?.message} {...form.register('name')} />
        {creating && (
          <>
            <TextInput
              label="E-mail de acesso"
              type="email"
              required
              autoComplete="off"
              error={errors.email?.message}
              {...form.register('email')}
            />
            <PasswordInput
              label="Senha de acesso"
              description="No mínimo 8 caracteres, difícil de adivinhar e sem o nome ou o e-mail do médico; informe-a ao médico por um canal seguro."
              required
              autoComplete="new-password"
              error={errors.password?.message}
              {...form.register('password')}
            />
            <PasswordStrengthMeter password={password} owner={{ email, name }} />
          </>
        )}
        <TextInput
          label="CRMs"
          description="Número/UF, separados por vírgula. Ex.: 123456/SP, 654321/RJ"
          error={errors.crms?.message}
          {...form.register('crms')}
        />
        <Controller
          control={form.control}
          name="especialidades"
          render={({ field }) => (
            <MultiSelect
              label="Especialidades"
              placeholder={field.value.length ? undefined : 'Escolha na lista do CFM'}
              data={especialidades.data ?? field.value}
              searchable
              nothingFoundMessage="Nenhuma especialidade encontrada"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.especialidades?.message}
            />
          )}
        />
        <TextInput
          label="Município (código IBGE)"
          description="7 dígitos. Ex.: 3550308 para São Paulo - SP"
          inputMode="numeric"
          error={errors.cidade_id?.message}
          {...form.register('cidade_id')}
        />
        <TextInput
          label="Clínicas"
          description="Nomes separados por vírgula, no município acima"
          error={errors.clinicas?.message}
          {...form.register('clinicas')}
        />
        {creating && (
          <Checkbox
            label="Médico de suporte (atende pedidos sem plano, crédito ou passe; só um)"
            {...form.register('suporte')}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending || edit.isPending}>
            {creating ? 'Cadastrar médico' : 'Salvar alterações'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
