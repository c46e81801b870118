import { Button, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { usePendentesCount } from '../../features/timeline/api/get-pendentes.ts';
import { paths } from '../../lib/paths.ts';
import classes from './pending-notice.module.css';

/** 'Alguém adicionou 1 registro…' / '3 registros adicionados por outras pessoas…'. */
export function pendingNoticeText(count: number): string {
  return count === 1
    ? 'Alguém adicionou 1 registro à sua linha do tempo. Ele aguarda sua aprovação.'
    : `${count} registros adicionados por outras pessoas à sua linha do tempo aguardam sua aprovação.`;
}

/**
 * On /home, while records others added to the patient's timeline await
 * approval (docs/timeline-privacy.md): how many, and a way to the list on
 * /timeline. Nothing when there are none. Live through the shell's
 * realtime (`useTimelineRealtime`).
 */
export function PendingNotice() {
  const count = usePendentesCount();
  if (count === 0) return null;
  return (
    <Paper
      component="section"
      aria-labelledby="pendentes-aviso"
      withBorder
      radius="md"
      p="md"
      className={classes.notice}
    >
      <Text id="pendentes-aviso" fw={600}>
        {pendingNoticeText(count)}
      </Text>
      <Button component={Link} to={paths.timeline} variant="outline" color="dark">
        Ver registros
      </Button>
    </Paper>
  );
}
