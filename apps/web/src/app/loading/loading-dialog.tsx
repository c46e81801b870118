import { Group, Loader, Modal, Text } from '@mantine/core';

/** Text of the global loading dialog (docs/architecture.md "Loading dialog and snackbar"). */
export const LOADING_TEXT = 'Carregando ...';

const noop = () => {};

/** The shell's modal 'Carregando ...' dialog: cannot be dismissed, busy while `opened`. */
export function LoadingDialog({ opened }: { opened: boolean }) {
  return (
    <Modal.Root
      opened={opened}
      onClose={noop}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      size="auto"
    >
      <Modal.Overlay />
      <Modal.Content aria-label={LOADING_TEXT} aria-busy="true">
        <Modal.Body p="lg">
          <Group gap="md" wrap="nowrap">
            <Loader size="sm" aria-hidden="true" />
            <Text fw={500}>{LOADING_TEXT}</Text>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
