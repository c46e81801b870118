import { CONTEUDO_MESSAGES } from '@pulso/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/token.ts';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { stubApi } from '../../../test/stub-api.ts';
import FaqsPage from './faqs-page.tsx';

const routes = [{ path: '/faqs', element: <FaqsPage /> }];

afterEach(() => {
  vi.unstubAllGlobals();
});

const FAQS = [{ id: 3, question: 'O que é o código?', answer: 'São 8 caracteres.\n\nFica no seu QR Code.' }];

function serve(contato: { email: string; whatsapp: string | null }, faqs = FAQS) {
  stubApi(({ url }) => (url === '/api/faqs' ? jsonResponse({ faqs, contato }) : undefined));
}

describe('/faqs (docs/indicators-and-score.md "Tips and FAQ": FAQ and contact channels)', () => {
  it('opens an answer and shows the e-mail and WhatsApp links', async () => {
    setToken('t');
    serve({ email: 'contato@pulso.app.br', whatsapp: '5511987654321' });
    renderRoutes(routes, '/faqs');
    expect(screen.getByRole('heading', { level: 1, name: 'Perguntas frequentes' })).not.toBeNull();
    const control = await screen.findByRole('button', { name: 'O que é o código?' }, { timeout: 5000 });
    fireEvent.click(control);
    await waitFor(() => expect(control.getAttribute('aria-expanded')).toBe('true'));
    expect(screen.getByText('Fica no seu QR Code.').tagName).toBe('P');

    const contato = screen.getByRole('region', { name: 'Fale com a gente' });
    expect(within(contato).getByRole('link', { name: 'contato@pulso.app.br' }).getAttribute('href')).toBe(
      'mailto:contato@pulso.app.br?subject=D%C3%BAvida%20sobre%20o%20Pulso',
    );
    const whatsapp = within(contato).getByRole('link', { name: /\+55 \(11\) 98765 4321/ });
    expect(whatsapp.getAttribute('href')).toBe('https://wa.me/5511987654321');
    expect(whatsapp.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows no WhatsApp link when none is configured, and the channels even without questions', async () => {
    setToken('t');
    serve({ email: 'suporte@pulso.app.br', whatsapp: null }, []);
    renderRoutes(routes, '/faqs');
    expect(await screen.findByText(CONTEUDO_MESSAGES.faqsEmpty, {}, { timeout: 5000 })).not.toBeNull();
    const contato = screen.getByRole('region', { name: 'Fale com a gente' });
    expect(within(contato).getAllByRole('link')).toHaveLength(1);
    expect(within(contato).queryByText('WhatsApp')).toBeNull();
  });
});
