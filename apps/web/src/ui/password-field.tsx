import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { type Ref, useState } from 'react';

/**
 * Password input whose show/hide toggle is keyboard-reachable and named
 * 'Mostrar senha' / 'Ocultar senha'
 * (docs/architecture.md "Shared controls").
 */
export function PasswordField({ ref, ...props }: PasswordInputProps & { ref?: Ref<HTMLInputElement> }) {
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      {...props}
      ref={ref}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': visible ? 'Ocultar senha' : 'Mostrar senha' }}
    />
  );
}
