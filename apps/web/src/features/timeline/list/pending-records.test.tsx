import { TIMELINE_MESSAGES, type TimelineItemView } from '@pulso/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PendingNotice, pendingNoticeText } from '../../../app/notices/pending-notice.tsx';
import { pendingLabel } from '../../../app/shell/top-tabs.tsx';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { makeAnexo, makeItem, stubApi } from '../shared/timeline-fixtures.ts';
import { addedBy, PENDENTES_TITLE, PendingRecords } from './pending-records.tsx';

afterEach(() => vi.unstubAllGlobals());

const exame = makeItem(7, {
  tipo: 2,
  data: '2025-03-10',
  descricao: 'Exame de sangue: HIV positivo',
  created_by: 'T',
  terceiro: { name: 'Joana Freitas' },
  pendente: true,
  anexos: [makeAnexo(1)],
});
const vacina = makeItem(8, {
  tipo: 7,
  data: '2025-03-12',
  descricao: 'Vacina da gripe',
  created_by: 'T',
  terceiro: null,
  pendente: true,
});

/** A fake pending list that the decisions change, as the server would. */
function pendingApi(initial: TimelineItemView[]) {
  let items = [...initial];
  return stubApi(({ url, method }) => {
    if (url === '/api/timeline/pendentes' && method === 'GET') {
      return jsonResponse({ timelineItems: items, total: items.length });
    }
    const m = /^\/api\/timeline\/item\/(\d+)\/(aceitar|recusar)$/.exec(url);
    if (m && method === 'PUT') {
      const id = Number(m[1]);
      items = items.filter((i) => i.id !== id);
      return m[2] === 'aceitar'
        ? jsonResponse({ message: TIMELINE_MESSAGES.accepted, timelineItem: { ...exame, pendente: false } })
        : jsonResponse({ message: TIMELINE_MESSAGES.refused, timelineItem: { id } });
    }
    return undefined;
  });
}

function renderPending() {
  return renderRoutes(
    [
      { path: '/timeline', element: <PendingRecords /> },
      { path: '/timeline/item/:id', element: <h1>Registro aberto</h1> },
    ],
    '/timeline',
  );
}

const region = () => screen.getByRole('region', { name: PENDENTES_TITLE });

describe("'Registros aguardando sua aprovação' (docs/timeline-privacy.md)", () => {
  it('shows a loading state, then each record with its type, date, who added it and its description', async () => {
    pendingApi([vacina, exame]);
    renderPending();
    expect(screen.getByRole('status', { name: 'Carregando registros aguardando aprovação' })).not.toBeNull();
    const card = await within(region()).findByRole('article', { name: 'Exame' });
    expect(card.textContent).toContain('10/03/2025');
    expect(within(card).getByText('Adicionado por Joana Freitas')).not.toBeNull();
    expect(within(card).getByText('Exame de sangue: HIV positivo')).not.toBeNull();
    const link = within(card).getByRole('link', { name: 'Ver registro completo (1 anexo)' });
    expect(link.getAttribute('href')).toBe('/timeline/item/7');
    expect(within(region()).getByRole('article', { name: 'Vacina' }).textContent).toContain(
      'Adicionado por alguém que não tem mais conta no Pulso',
    );
    expect(within(region()).getByText(/^Outras pessoas adicionaram estes registros/)).not.toBeNull();
  });

  it('accepts after a confirmation that says who will see it; the list and the focus follow', async () => {
    const { calls } = pendingApi([exame]);
    renderPending();
    const card = await within(region()).findByRole('article', { name: 'Exame' });
    fireEvent.click(within(card).getByRole('button', { name: 'Aceitar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aceitar registro?' });
    expect(dialog.textContent).toContain('Exame de 10/03/2025, adicionado por Joana Freitas,');
    expect(dialog.textContent).toContain('poderá ser visto por quem tem acesso a ela');
    // 'Cancelar' first: nothing happens.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    fireEvent.click(within(card).getByRole('button', { name: 'Aceitar' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Aceitar registro?' })).getByRole('button', {
        name: 'Aceitar registro',
      }),
    );
    expect(await screen.findByText(TIMELINE_MESSAGES.accepted)).not.toBeNull();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual([
      '/api/timeline/item/7/aceitar',
    ]);
    expect(await within(region()).findByText('Nenhum registro aguardando sua aprovação.')).not.toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: PENDENTES_TITLE })),
    );
  });

  it('refuses after a confirmation that says it is deleted with its attachments', async () => {
    const { calls } = pendingApi([exame, vacina]);
    renderPending();
    const card = await within(region()).findByRole('article', { name: 'Exame' });
    fireEvent.click(within(card).getByRole('button', { name: 'Recusar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recusar registro?' });
    expect(dialog.textContent).toContain('será excluído com seus anexos. Esta ação não pode ser desfeita.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recusar e excluir' }));
    expect(await screen.findByText(TIMELINE_MESSAGES.refused)).not.toBeNull();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual([
      '/api/timeline/item/7/recusar',
    ]);
    await waitFor(() => expect(within(region()).queryByRole('article', { name: 'Exame' })).toBeNull());
    expect(within(region()).getByRole('article', { name: 'Vacina' })).not.toBeNull();
    // A Vacina is feminine: 'adicionada', 'excluída'.
    const vacinaCard = within(region()).getByRole('article', { name: 'Vacina' });
    fireEvent.click(within(vacinaCard).getByRole('button', { name: 'Recusar' }));
    const again = await screen.findByRole('dialog', { name: 'Recusar registro?' });
    expect(again.textContent).toMatch(/Vacina de [\d/]+, adicionada por .+, será excluída com seus anexos\./);
  });

  it('shows the server message when a decision fails, and keeps the record', async () => {
    stubApi(({ url, method }) => {
      if (url === '/api/timeline/pendentes') return jsonResponse({ timelineItems: [exame], total: 1 });
      if (method === 'PUT') return jsonResponse({ message: TIMELINE_MESSAGES.notPending }, 409);
      return undefined;
    });
    renderPending();
    const card = await within(region()).findByRole('article', { name: 'Exame' });
    fireEvent.click(within(card).getByRole('button', { name: 'Aceitar' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Aceitar registro?' })).getByRole('button', {
        name: 'Aceitar registro',
      }),
    );
    expect(await screen.findByText(TIMELINE_MESSAGES.notPending)).not.toBeNull();
  });

  it('says so in one line when nothing awaits approval', async () => {
    pendingApi([]);
    renderPending();
    expect(await within(region()).findByText('Nenhum registro aguardando sua aprovação.')).not.toBeNull();
    expect(within(region()).queryByRole('list')).toBeNull();
  });

  it('shows the failure with a retry', async () => {
    let fail = true;
    stubApi(({ url }) => {
      if (url !== '/api/timeline/pendentes') return undefined;
      return fail
        ? jsonResponse({ message: 'Acesso negado' }, 403)
        : jsonResponse({ timelineItems: [], total: 0 });
    });
    renderPending();
    const alert = await within(region()).findByRole('alert');
    expect(alert.textContent).toContain('Acesso negado');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(region()).findByText('Nenhum registro aguardando sua aprovação.')).not.toBeNull();
  });
});

describe('the count of records awaiting approval elsewhere', () => {
  it('is a notice with a way to /timeline on /home, and nothing when there are none', async () => {
    pendingApi([exame, vacina]);
    renderRoutes([{ path: '/home', element: <PendingNotice /> }], '/home');
    const notice = await screen.findByRole('region', { name: pendingNoticeText(2) });
    expect(within(notice).getByRole('link', { name: 'Ver registros' }).getAttribute('href')).toBe(
      '/timeline',
    );
    expect(pendingNoticeText(1)).toBe(
      'Alguém adicionou 1 registro à sua linha do tempo. Ele aguarda sua aprovação.',
    );
    expect(pendingLabel(1)).toBe('1 registro aguardando aprovação');
    expect(pendingLabel(3)).toBe('3 registros aguardando aprovação');
    expect(addedBy({ terceiro: { name: 'Ana' } })).toBe('Adicionado por Ana');
  });

  it('is not on /home when nothing awaits approval', async () => {
    const { calls } = pendingApi([]);
    renderRoutes([{ path: '/home', element: <PendingNotice /> }], '/home');
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/timeline/pendentes'));
    expect(screen.queryByRole('region')).toBeNull();
  });
});
