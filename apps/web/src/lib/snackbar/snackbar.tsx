import { Notification } from '@mantine/core';
import classes from './snackbar.module.css';

/** Kind of snackbar message: errors are announced assertively, success clears itself. */
export type SnackbarKind = 'info' | 'success' | 'error';

/** A message currently shown. */
export interface SnackbarMessage {
  id: number;
  text: string;
  kind: SnackbarKind;
}

const colors: Record<SnackbarKind, string> = { info: 'blue', success: 'green', error: 'red' };

/**
 * The shell's snackbar (docs/architecture.md "Loading dialog and snackbar"): one message fixed at the bottom,
 * with a 'Fechar' button.
 */
export function Snackbar({ message, onClose }: { message: SnackbarMessage | null; onClose: () => void }) {
  return (
    <div className={classes.region}>
      {message && (
        <Notification
          key={message.id}
          className={classes.notification}
          role={message.kind === 'error' ? 'alert' : 'status'}
          color={colors[message.kind]}
          withBorder
          onClose={onClose}
          closeButtonProps={{ 'aria-label': 'Fechar' }}
        >
          {message.text}
        </Notification>
      )}
    </div>
  );
}
