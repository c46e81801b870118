import { CONTEUDO_MESSAGES } from '@pulso/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/token.ts';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { stubApi } from '../../../test/stub-api.ts';
import DicasPage from './dicas-page.tsx';

const routes = [{ path: '/dicas', element: <DicasPage /> }];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/dicas (docs/indicators-and-score.md "Tips and FAQ")', () => {
  it('lists the tips as headed buttons that open their paragraphs', async () => {
    setToken('t');
    stubApi(({ url }) =>
      url === '/api/dicas'
        ? jsonResponse({
            dicas: [
              { id: 1, title: 'Beba água', content: 'Leve uma garrafa.\n\nBeba antes de ter sede.' },
              { id: 2, title: 'Durma bem', content: 'De 7 a 9 horas.' },
            ],
          })
        : undefined,
    );
    renderRoutes(routes, '/dicas');
    expect(screen.getByRole('heading', { level: 1, name: 'Dicas de saúde' })).not.toBeNull();
    const control = await screen.findByRole('button', { name: 'Beba água' }, { timeout: 5000 });
    expect(control.closest('h2')).not.toBeNull();
    expect(control.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(control);
    await waitFor(() => expect(control.getAttribute('aria-expanded')).toBe('true'));
    const first = screen.getByText('Leve uma garrafa.');
    expect(first.tagName).toBe('P');
    expect(screen.getByText('Beba antes de ter sede.').tagName).toBe('P');
  });

  it('says when there are no tips', async () => {
    setToken('t');
    stubApi(({ url }) => (url === '/api/dicas' ? jsonResponse({ dicas: [] }) : undefined));
    renderRoutes(routes, '/dicas');
    expect(await screen.findByText(CONTEUDO_MESSAGES.dicasEmpty, {}, { timeout: 5000 })).not.toBeNull();
  });
});
