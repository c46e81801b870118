import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { type SnackbarApi, useSnackbar } from './snackbar-context.tsx';

let snackbar: SnackbarApi | null = null;

function Probe() {
  snackbar = useSnackbar();
  return null;
}

afterEach(() => {
  vi.useRealTimers();
  snackbar = null;
});

describe('snackbar (docs/architecture.md "Loading dialog and snackbar")', () => {
  it('shows the first error of the first field of an errors object', () => {
    renderWithProviders(<Probe />);
    act(() =>
      snackbar?.show({
        telefone: ['Informe um número de celular válido', 'outra'],
        email: ['Informe seu e-mail para login'],
      }),
    );
    expect(screen.getByRole('status').textContent).toContain('Informe um número de celular válido');
    expect(screen.queryByText('Informe seu e-mail para login')).toBeNull();
  });

  it('announces errors as alerts and closes with the Fechar button', () => {
    renderWithProviders(<Probe />);
    act(() => snackbar?.error('E-mail ou senha incorretos'));
    expect(screen.getByRole('alert').textContent).toContain('E-mail ou senha incorretos');
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('clears a success message after 5000 ms', () => {
    vi.useFakeTimers();
    renderWithProviders(<Probe />);
    act(() => snackbar?.success('Salvo com sucesso'));
    expect(screen.getByRole('status').textContent).toContain('Salvo com sucesso');
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByText('Salvo com sucesso')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Salvo com sucesso')).toBeNull();
  });
});
