import { TIMELINE_MESSAGES, type TimelineActor, type TimelineItemView, type UserView } from '@pulso/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { resizeImageForUpload } from '../../../ui/image/resize-image.ts';
import { ANEXO_MESSAGES } from '../shared/messages.ts';
import { makeAnexo, makeItem, makeLockedUser, makeUser, stubApi } from '../shared/timeline-fixtures.ts';
import TimelineItemPage from './timeline-item-page.tsx';

// jsdom draws no images: the resize is stood in for, its arguments checked.
vi.mock('../../../ui/image/resize-image.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../ui/image/resize-image.ts')>();
  return {
    ...actual,
    resizeImageForUpload: vi.fn(async (file: File) =>
      file.type === 'application/pdf'
        ? file
        : new File([new Uint8Array(1200)], file.name.replace(/\.\w+$/, '.jpg'), { type: 'image/jpeg' }),
    ),
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(resizeImageForUpload).mockClear();
});

/** A fake record API around one record, read as `role`; writes change it as the server would. */
function itemApi(initial: TimelineItemView, user: UserView = makeUser(), role: TimelineActor = 'owner') {
  let item = initial;
  let nextAnexo = 100;
  return stubApi(({ url, method, body }) => {
    if (url === `/api/timeline/item/${item.id}` && method === 'GET')
      return jsonResponse({ user, timelineItem: item, role });
    if (url === `/api/timeline/item/${item.id}` && method === 'PUT') {
      const b = body as Record<string, unknown>;
      item = { ...item, ...(b as Partial<TimelineItemView>) };
      return jsonResponse({ message: TIMELINE_MESSAGES.updated, timelineItem: item });
    }
    if (url === `/api/timeline/item/${item.id}` && method === 'DELETE')
      return jsonResponse({ message: TIMELINE_MESSAGES.deleted, timelineItem: { id: item.id } });
    if (url === '/api/timeline/item/anexo' && method === 'POST') {
      const form = body as FormData;
      const file = form.get('anexo') as File;
      const anexo = makeAnexo(nextAnexo++, { name: file.name, mime: file.type, size: file.size });
      item = { ...item, anexos: [...item.anexos, anexo] };
      return jsonResponse({ anexo }, 201);
    }
    const removed = /^\/api\/timeline\/item\/anexo\/(\d+)$/.exec(url);
    if (removed && method === 'DELETE') {
      const id = Number(removed[1]);
      item = { ...item, anexos: item.anexos.filter((a) => a.id !== id) };
      return jsonResponse({ anexo: { id } });
    }
    return undefined;
  });
}

function renderItem(id: number | string) {
  return renderRoutes(
    [
      { path: '/timeline', element: <h1>Lista da linha do tempo</h1> },
      { path: '/timeline/item/:id', element: <TimelineItemPage /> },
    ],
    `/timeline/item/${id}`,
  );
}

/** The `<dd>` after the `<dt>` labelled `label`. */
function shown(label: string): string | null {
  const dt = screen.getAllByText(label).find((n) => n.tagName === 'DT');
  return dt?.nextElementSibling?.textContent ?? null;
}

const consulta = makeItem(7, {
  tipo: 1,
  data: '2025-03-10',
  descricao: 'Consulta de rotina com ajuste da dose de losartana.',
  valor: '1234.5',
  medico_name: 'Dra. Paula Lima',
  anexos: [
    makeAnexo(1, { name: 'receita.jpg' }),
    makeAnexo(2, {
      name: 'laudo.pdf',
      mime: 'application/pdf',
      size: 200_000,
      url: '/api/timeline/anexo/2/1900000000/x',
    }),
  ],
});

describe('/timeline/item/:id view mode', () => {
  it('shows the record, its value in R$, the doctor, and its attachments through their signed URLs', async () => {
    itemApi(consulta);
    renderItem(7);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Consulta');
    expect(shown('Data')).toBe('10/03/2025');
    expect(shown('Valor')).toMatch(/^R\$\s1\.234,50$/);
    expect(shown('Médico')).toBe('Dra. Paula Lima');
    expect(shown('Descrição')).toBe('Consulta de rotina com ajuste da dose de losartana.');
    const thumb = screen.getByRole('button', { name: 'Ampliar receita.jpg' });
    expect(thumb.querySelector('img')?.getAttribute('src')).toBe(
      '/api/timeline/anexo/1/1900000000/assinatura',
    );
    const pdf = screen.getByRole('link', { name: /laudo\.pdf/ });
    expect(pdf.getAttribute('href')).toBe('/api/timeline/anexo/2/1900000000/x');
    expect(pdf.getAttribute('target')).toBe('_blank');

    fireEvent.click(thumb);
    const dialog = await screen.findByRole('dialog', { name: 'receita.jpg' });
    expect(within(dialog).getByRole('img', { name: 'receita.jpg' }).getAttribute('src')).toBe(
      '/api/timeline/anexo/1/1900000000/assinatura',
    );
    expect(screen.getByRole('link', { name: 'Voltar para a linha do tempo' }).getAttribute('href')).toBe(
      '/timeline',
    );
  });

  it('shows the author line of a record a doctor added', async () => {
    itemApi(makeItem(8, { created_by: 'M', terceiro: { name: 'Paula Lima' } }));
    renderItem(8);
    expect(await screen.findByText('Por. Dr. Paula Lima')).not.toBeNull();
  });

  it("answers 404 with 'Registro não encontrado' and a way back; an impossible id asks nothing", async () => {
    const { calls } = stubApi(() => jsonResponse({ message: TIMELINE_MESSAGES.notFound }, 404));
    renderItem(99);
    expect(await screen.findByRole('heading', { level: 1, name: TIMELINE_MESSAGES.notFound })).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Ir para a linha do tempo' }).getAttribute('href')).toBe(
      '/timeline',
    );
    expect(calls).toHaveLength(1);
  });

  it('asks nothing for an id that cannot exist', async () => {
    const { calls } = stubApi(() => undefined);
    renderItem('abc');
    expect(await screen.findByRole('heading', { level: 1, name: TIMELINE_MESSAGES.notFound })).not.toBeNull();
    expect(calls).toHaveLength(0);
  });
});

describe('/timeline/item/:id actions per record', () => {
  it('offers edit, delete and attachments on the patient’s own record', async () => {
    itemApi(consulta);
    renderItem(7);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('button', { name: 'Editar' })).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Excluir' })).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Adicionar anexo' })).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Remover receita.jpg' })).not.toBeNull();
  });

  it('hides edit and delete on a pain record (type 8) and says why', async () => {
    itemApi(
      makeItem(9, {
        tipo: 8,
        valor: '0.00',
        descricao: 'Dor ao subir escadas',
        local_dor: 'Joelho',
        intensidade_dor: 'Alta',
      }),
    );
    renderItem(9);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Registro de Dor');
    expect(shown('Local da dor')).toBe('Joelho');
    expect(shown('Intensidade da dor')).toBe('Alta');
    expect(screen.queryByText('Valor')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Excluir' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Adicionar anexo' })).toBeNull();
    expect(screen.getByText(TIMELINE_MESSAGES.painImmutable)).not.toBeNull();
  });

  it('lets the patient delete, not edit, a record someone else added', async () => {
    itemApi(
      makeItem(10, {
        created_by: 'T',
        terceiro: { name: 'Ana Costa' },
        anexos: [makeAnexo(3, { name: 'cartao-vacina.jpg' })],
      }),
    );
    renderItem(10);
    expect(await screen.findByText('Por. Ana Costa')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Excluir' })).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Adicionar anexo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remover cartao-vacina.jpg' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Ampliar cartao-vacina.jpg' })).not.toBeNull();
    expect(screen.getByText(TIMELINE_MESSAGES.notAuthor)).not.toBeNull();
  });

  it("goes by the server's role, not by names: a patient named like the adder is still the owner", async () => {
    const namesake = makeUser({ name: 'Ana Costa' });
    itemApi(makeItem(12, { created_by: 'T', terceiro: { name: 'Ana Costa' } }), namesake, 'owner');
    renderItem(12);
    await screen.findByText('Por. Ana Costa');
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Excluir' })).not.toBeNull();
  });

  it('lets the author edit and delete the record they added to another timeline', async () => {
    const author = makeUser({ id: 5, name: 'Ana Costa' });
    itemApi(makeItem(11, { created_by: 'T', terceiro: { name: 'Ana Costa' } }), author, 'author');
    renderItem(11);
    await screen.findByText('Por. Ana Costa');
    expect(screen.getByRole('button', { name: 'Editar' })).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Excluir' })).not.toBeNull();
  });

  it('keeps edit and adding attachments disabled for a locked user, with the tooltip; delete and removal stay', async () => {
    const { calls } = itemApi(consulta, makeLockedUser());
    renderItem(7);
    await screen.findByRole('heading', { level: 1 });
    for (const name of ['Editar', 'Adicionar anexo']) {
      const button = screen.getByRole('button', { name });
      expect(button.getAttribute('aria-disabled')).toBe('true');
      expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        TIMELINE_MESSAGES.locked,
      );
      fireEvent.click(button);
    }
    expect(screen.queryByRole('form', { name: 'Editar registro' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ver planos' }).getAttribute('href')).toBe('/planos');
    expect((screen.getByRole('button', { name: 'Excluir' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Remover receita.jpg' })).not.toBeNull();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });
});

describe('/timeline/item/:id editing', () => {
  async function startEditing() {
    fireEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    return screen.getByRole('form', { name: 'Editar registro' });
  }

  it('fills the form, sends the value cleaned and shows the server’s message and the saved record', async () => {
    const { calls } = itemApi(consulta);
    renderItem(7);
    const form = await startEditing();
    const data = within(form).getByLabelText(/^Data/) as HTMLInputElement;
    const valor = within(form).getByLabelText(/^Valor/) as HTMLInputElement;
    const descricao = within(form).getByLabelText(/^Descrição/) as HTMLTextAreaElement;
    expect(data.value).toBe('2025-03-10');
    expect(valor.value).toBe('R$ 1.234,50');
    expect((within(form).getByRole('combobox', { name: 'Médico' }) as HTMLInputElement).value).toBe(
      'Dra. Paula Lima',
    );
    await waitFor(() => expect(document.activeElement).toBe(data));

    fireEvent.change(data, { target: { value: '2025-03-12' } });
    fireEvent.input(valor, { target: { value: '99,9' } });
    await waitFor(() => expect(valor.value).toBe('R$ 99,9'));
    fireEvent.change(descricao, { target: { value: 'Retorno: pressão controlada.' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    });

    expect(await screen.findByText(TIMELINE_MESSAGES.updated)).not.toBeNull();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put).toMatchObject({
      url: '/api/timeline/item/7',
      body: {
        data: '2025-03-12',
        valor: '99.90',
        medico_id: null,
        medico_name: 'Dra. Paula Lima',
        descricao: 'Retorno: pressão controlada.',
      },
    });
    expect(screen.queryByRole('form', { name: 'Editar registro' })).toBeNull();
    expect(shown('Descrição')).toBe('Retorno: pressão controlada.');
    expect(shown('Valor')).toMatch(/^R\$\s99,90$/);
    expect(shown('Data')).toBe('12/03/2025');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Editar' })));
  });

  it('sends no value when the field is emptied, and checks the description before sending', async () => {
    const { calls } = itemApi(consulta);
    renderItem(7);
    const form = await startEditing();
    fireEvent.input(within(form).getByLabelText(/^Valor/), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText(/^Descrição/), { target: { value: '   ' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    });
    expect(await within(form).findByText(TIMELINE_MESSAGES.descricao)).not.toBeNull();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(within(form).getByLabelText(/^Descrição/), { target: { value: 'Sem custo' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    });
    await screen.findByText(TIMELINE_MESSAGES.updated);
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      valor: null,
      descricao: 'Sem custo',
    });
  });

  it('shows a 422 under its field and keeps what was typed', async () => {
    itemApi(consulta);
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation() as typeof fetch;
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'PUT'
        ? jsonResponse(
            { message: TIMELINE_MESSAGES.dataFutura, errors: { data: [TIMELINE_MESSAGES.dataFutura] } },
            422,
          )
        : original(input, init),
    );
    renderItem(7);
    const form = await startEditing();
    fireEvent.change(within(form).getByLabelText(/^Descrição/), { target: { value: 'Texto novo' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    });
    expect((await screen.findByRole('alert')).textContent).toContain(TIMELINE_MESSAGES.dataFutura);
    const data = within(form).getByLabelText(/^Data/);
    await waitFor(() => expect(data.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText(TIMELINE_MESSAGES.dataFutura)).not.toBeNull();
    expect((within(form).getByLabelText(/^Descrição/) as HTMLTextAreaElement).value).toBe('Texto novo');
  });

  it('chooses a registered doctor from the autocomplete and sends their id', async () => {
    const { calls } = itemApi(consulta);
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation() as typeof fetch;
    fetchMock.mockImplementation(async (input, init) =>
      String(input).startsWith('/api/medicos/search/')
        ? jsonResponse({
            medicos: [
              {
                id: 42,
                name: 'José Ricardo Albuquerque',
                crms: [{ numero: '21457', uf: 'PE' }],
                especialidade: 'Ortopedia',
              },
            ],
          })
        : original(input, init),
    );
    renderItem(7);
    const form = await startEditing();
    const medico = within(form).getByRole('combobox', { name: 'Médico' });
    fireEvent.change(medico, { target: { value: 'jose' } });
    fireEvent.click(await screen.findByRole('option', { name: /José Ricardo Albuquerque/ }));
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    });
    await screen.findByText(TIMELINE_MESSAGES.updated);
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      medico_id: 42,
      medico_name: 'José Ricardo Albuquerque',
    });
  });

  it('cancels back to the saved record without sending', async () => {
    const { calls } = itemApi(consulta);
    renderItem(7);
    const form = await startEditing();
    fireEvent.change(within(form).getByLabelText(/^Descrição/), { target: { value: 'Descartado' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('form', { name: 'Editar registro' })).toBeNull();
    expect(shown('Descrição')).toBe('Consulta de rotina com ajuste da dose de losartana.');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});

describe('/timeline/item/:id deleting', () => {
  it('asks first; cancel keeps it, confirm deletes and goes back to /timeline with the message', async () => {
    const { calls } = itemApi(consulta);
    const { router } = renderItem(7);
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir' }));
    let dialog = await screen.findByRole('dialog', { name: 'Excluir registro?' });
    expect(dialog.textContent).toContain('Consulta de 10/03/2025 e seus anexos serão excluídos');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Excluir registro?' })).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    dialog = await screen.findByRole('dialog', { name: 'Excluir registro?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/timeline'));
    expect(await screen.findByText(TIMELINE_MESSAGES.deleted)).not.toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/timeline/item/7']);
  });

  it('shows the server’s refusal and stays', async () => {
    itemApi(consulta);
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation() as typeof fetch;
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'DELETE'
        ? jsonResponse({ message: TIMELINE_MESSAGES.painImmutable }, 403)
        : original(input, init),
    );
    const { router } = renderItem(7);
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir registro?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    });
    expect((await screen.findByRole('alert')).textContent).toContain(TIMELINE_MESSAGES.painImmutable);
    expect(router.state.location.pathname).toBe('/timeline/item/7');
  });
});

describe('/timeline/item/:id attachments', () => {
  function choose(file: File) {
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
  }

  it('resizes an image at quality 0.9, sends it with the record id and shows it', async () => {
    const { calls } = itemApi(makeItem(12));
    renderItem(12);
    await screen.findByRole('button', { name: 'Adicionar anexo' });
    expect(screen.getByText('Nenhum anexo.')).not.toBeNull();
    choose(new File([new Uint8Array(5000)], 'exame.png', { type: 'image/png' }));
    expect(await screen.findByText(ANEXO_MESSAGES.added)).not.toBeNull();
    expect(vi.mocked(resizeImageForUpload)).toHaveBeenCalledWith(expect.any(File), 0.9);
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/timeline/item/anexo');
    const form = post?.body as FormData;
    expect(form.get('timeline_item_id')).toBe('12');
    expect((form.get('anexo') as File).name).toBe('exame.jpg');
    expect(await screen.findByRole('button', { name: 'Ampliar exame.jpg' })).not.toBeNull();
  });

  it('sends a PDF as it is', async () => {
    const { calls } = itemApi(makeItem(13));
    renderItem(13);
    await screen.findByRole('button', { name: 'Adicionar anexo' });
    const pdf = new File(['%PDF-1.4'], 'laudo.pdf', { type: 'application/pdf' });
    choose(pdf);
    expect(await screen.findByRole('link', { name: /laudo\.pdf/ })).not.toBeNull();
    expect(vi.mocked(resizeImageForUpload)).not.toHaveBeenCalled();
    const sent = calls.find((c) => c.method === 'POST')?.body as FormData | undefined;
    expect((sent?.get('anexo') as File | null)?.size).toBe(pdf.size);
  });

  it('refuses another kind of file without sending it', async () => {
    const { calls } = itemApi(makeItem(14));
    renderItem(14);
    await screen.findByRole('button', { name: 'Adicionar anexo' });
    choose(new File(['MZ'], 'programa.exe', { type: 'application/x-msdownload' }));
    expect((await screen.findByRole('alert')).textContent).toBe(TIMELINE_MESSAGES.anexoTipo);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows the server’s field error for a refused file', async () => {
    itemApi(makeItem(15));
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation() as typeof fetch;
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'POST'
        ? jsonResponse(
            { message: TIMELINE_MESSAGES.anexoTipo, errors: { anexo: [TIMELINE_MESSAGES.anexoTipo] } },
            422,
          )
        : original(input, init),
    );
    renderItem(15);
    await screen.findByRole('button', { name: 'Adicionar anexo' });
    choose(new File(['not really'], 'falso.pdf', { type: 'application/pdf' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((n) => n.textContent)).toContain(TIMELINE_MESSAGES.anexoTipo),
    );
  });

  it('removes an attachment after confirmation', async () => {
    const { calls } = itemApi(consulta);
    renderItem(7);
    fireEvent.click(await screen.findByRole('button', { name: 'Remover receita.jpg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover anexo?' });
    expect(dialog.textContent).toContain('receita.jpg');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Remover' }));
    });
    expect(await screen.findByText(ANEXO_MESSAGES.removed)).not.toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/api/timeline/item/anexo/1',
    ]);
    expect(screen.queryByRole('button', { name: 'Ampliar receita.jpg' })).toBeNull();
    expect(screen.getByRole('link', { name: /laudo\.pdf/ })).not.toBeNull();
  });
});
