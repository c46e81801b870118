import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { CODE_REPLACED_MESSAGES as M } from '@pulso/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useReplaceCode } from './api/replace-code.ts';
import classes from './qrcode-generate-page.module.css';

/**
 * "Perdi meu adesivo" on /qrcode/generate (docs/codes.md "A lost sticker"): asked again first (what
 * changes, what stays), then the new code replaces the old one on this screen, and new stickers with it
 * are offered.
 */
export function LostSticker() {
  const headingId = useId();
  const replace = useReplaceCode();
  const snackbar = useSnackbar();
  const [confirming, setConfirming] = useState(false);

  const confirm = () =>
    replace.mutate(undefined, {
      onSuccess: ({ message }) => snackbar.success(message),
      onError: snackbar.error,
      onSettled: () => setConfirming(false),
    });

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} id={headingId}>
        Perdeu o adesivo?
      </Title>
      {replace.isSuccess ? (
        <div className={classes.replaced}>
          <Text fw={700}>Código trocado</Text>
          <Text>{M.done}</Text>
          <Anchor component={Link} to={paths.qrcodePurchase} fw={700} c="blue.9">
            {M.orderNew}
          </Anchor>
        </div>
      ) : (
        <Text>
          Troque seu código: quem achar o adesivo perdido não verá mais nenhum dado seu, e seus dados
          continuam os mesmos.
        </Text>
      )}
      <div>
        <Button size="md" variant="outline" color="red.9" onClick={() => setConfirming(true)}>
          {M.button}
        </Button>
      </div>
      <ConfirmDialog
        opened={confirming}
        title={M.confirmTitle}
        confirmLabel={M.confirm}
        busy={replace.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      >
        {M.confirmText}
      </ConfirmDialog>
    </Stack>
  );
}
