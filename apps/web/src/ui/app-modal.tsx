import { Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Pulso's dialog: a Mantine modal whose title is an `<h2>`, whose close button
 * reads 'Fechar' and whose header is a div (Mantine's `<header>` would add a
 * second banner landmark). Use it for every modal dialog.
 */
export function AppModal({
  title,
  children,
  ...rest
}: Omit<ModalRootProps, 'title' | 'children'> & { title: ReactNode; children: ReactNode }) {
  return (
    <Modal.Root centered {...rest}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Fechar" />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
