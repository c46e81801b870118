import { Button, Group, NativeSelect, Text, TextInput, Title } from '@mantine/core';
import {
  PROFISSIONAL_STATUS_LABELS,
  PROFISSIONAL_TIPO_LABELS,
  PROFISSIONAL_TIPOS,
  type ProfissionalStatus,
  type ProfissionalView,
} from '@pulso/domain';
import { useId, useState } from 'react';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Icon } from '../../ui/icon.tsx';
import { useDeleteProfissional } from './api/delete-profissional.ts';
import classes from './profissional-page.module.css';

/** What each review status means for the professional, under its label. */
export const STATUS_HINTS: Record<ProfissionalStatus, string> = {
  pendente:
    'Sua credencial está em análise pela equipe do Pulso. Depois de verificada, ao abrir o código de um paciente você verá a aba Minha saúde de quem permite o acesso a qualquer profissional de saúde.',
  verificado:
    'Ao abrir o código de um paciente, você vê a aba Minha saúde de quem permite o acesso a qualquer profissional de saúde.',
  rejeitado:
    'Sua credencial foi recusada pela equipe do Pulso e não dá acesso às informações de saúde dos pacientes. Exclua o cadastro e faça outro com os dados corretos.',
};

export const tipoOptions = [
  { value: '', label: 'Escolha o tipo' },
  ...PROFISSIONAL_TIPOS.map((tipo) => ({ value: tipo, label: PROFISSIONAL_TIPO_LABELS[tipo] })),
];

/** The credential once registered: its review status, the locked fields and photo, and 'Excluir cadastro'. */
export function RegisteredCard({ profissional }: { profissional: ProfissionalView }) {
  const headingId = useId();
  const snackbar = useSnackbar();
  const remove = useDeleteProfissional();
  const [confirming, setConfirming] = useState(false);

  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: ({ message }) => {
        setConfirming(false);
        snackbar.success(message);
      },
      onError: (error) => {
        setConfirming(false);
        snackbar.error(error);
      },
    });

  return (
    <section className={classes.card} aria-labelledby={headingId}>
      <Title order={2} id={headingId} className={classes.cardTitle}>
        Sua credencial
      </Title>
      <div className={classes.status}>
        <Text fw={600}>Situação:</Text>
        <span className={`${classes.badge} ${classes[profissional.status]}`}>
          {PROFISSIONAL_STATUS_LABELS[profissional.status]}
        </span>
      </div>
      <Text size="sm">{STATUS_HINTS[profissional.status]}</Text>
      <NativeSelect
        label="Tipo de profissional"
        size="md"
        data={tipoOptions.slice(1)}
        value={profissional.tipo}
        disabled
        leftSection={<Icon name="lock" size={18} />}
        classNames={{ input: classes.lockedInput }}
        onChange={() => {}}
      />
      <TextInput
        label="Número de cadastro"
        size="md"
        value={profissional.numero}
        disabled
        readOnly
        leftSection={<Icon name="lock" size={18} />}
        classNames={{ input: classes.lockedInput }}
      />
      <figure className={classes.preview}>
        <Text component="figcaption" className={classes.photoLabel}>
          Foto do documento
        </Text>
        <img src={profissional.documento} alt="Foto do documento enviado" className={classes.previewImage} />
      </figure>
      <Text size="sm" c="gray.7">
        Os dados e a foto ficam bloqueados depois do cadastro. Para mudar alguma coisa, exclua o cadastro e
        faça outro.
      </Text>
      <Group justify="flex-end" className={classes.actions}>
        <Button variant="outline" color="red.9" size="md" onClick={() => setConfirming(true)}>
          Excluir cadastro
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title="Excluir cadastro de profissional?"
        confirmLabel="Excluir cadastro"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
      >
        Seus dados de profissional e a foto do documento serão apagados, e você deixa de ver as informações de
        saúde liberadas para profissionais. Para voltar a vê-las, será preciso cadastrar de novo.
      </ConfirmDialog>
    </section>
  );
}
