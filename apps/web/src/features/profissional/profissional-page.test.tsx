import { PROFISSIONAL_MESSAGES as M, type ProfissionalView } from '@pulso/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/token.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { resizeImageForUpload } from '../../ui/image/resize-image.ts';
import ProfissionalPage from './profissional-page.tsx';

// jsdom draws no images: the resize is stood in for, its arguments checked (the real one in e2e).
vi.mock('../../ui/image/resize-image.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../ui/image/resize-image.ts')>();
  return {
    ...actual,
    resizeImageForUpload: vi.fn(
      async (file: File) =>
        new File([new Uint8Array(900)], file.name.replace(/\.\w+$/, '.jpg'), { type: 'image/jpeg' }),
    ),
  };
});

const { createObjectURL, revokeObjectURL } = URL;
beforeEach(() => {
  setToken('t');
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(resizeImageForUpload).mockClear();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  localStorage.clear();
});

const routes = [{ path: '/profissional', element: <ProfissionalPage /> }];

const SAVED: ProfissionalView = {
  id: 7,
  tipo: 'B',
  numero: 'BM 4521',
  documento: '/api/profissional/documento/7/1800000000/assinatura',
  status: 'pendente',
  created_at: '2026-11-24T02:00:00.000Z',
};

/** A fake `/api/profissional` holding `initial`; POST and DELETE change it as the server would. */
function stubApi(initial: ProfissionalView | null) {
  let current = initial;
  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (String(url) !== '/api/profissional') return jsonResponse({ message: 'Não encontrado' }, 404);
    if (method === 'GET') return jsonResponse({ profissional: current });
    if (method === 'POST') {
      const body = init?.body as FormData;
      current = { ...SAVED, tipo: body.get('tipo') as 'M', numero: String(body.get('numero')) };
      return jsonResponse({ message: M.saved, profissional: current }, 201);
    }
    current = null;
    return jsonResponse({ message: M.deleted, profissional: null });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof stubApi>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });

describe('/profissional (docs/codes.md "Emergency professional")', () => {
  it('shows the three documented messages on an empty submit, focuses the kind, and sends nothing', async () => {
    const fetchMock = stubApi(null);
    renderRoutes(routes, '/profissional');
    const form = await screen.findByRole('form', { name: 'Cadastrar credencial' });
    fireEvent.click(within(form).getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText('Informe o tipo de profissional')).not.toBeNull();
    expect(screen.getByText('Informe seu número de cadastro')).not.toBeNull();
    expect(screen.getByText('Anexe uma foto do seu documento')).not.toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Tipo de profissional/));
    expect(calls(fetchMock, 'POST')).toHaveLength(0);
  });

  it('refuses a PDF as the photo without resizing it', async () => {
    stubApi(null);
    renderRoutes(routes, '/profissional');
    await screen.findByRole('form', { name: 'Cadastrar credencial' });
    choose(new File(['%PDF-1.4'], 'crm.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(M.documentoTipo)).not.toBeNull();
    expect(resizeImageForUpload).not.toHaveBeenCalled();
  });

  it('resizes the photo to 800 px, JPEG 0.5, sends the three fields, then locks them', async () => {
    const fetchMock = stubApi(null);
    renderRoutes(routes, '/profissional');
    await screen.findByRole('form', { name: 'Cadastrar credencial' });
    fireEvent.change(screen.getByLabelText(/^Tipo de profissional/), { target: { value: 'S' } });
    fireEvent.change(screen.getByLabelText(/^Número de cadastro/), { target: { value: 'SAMU 192' } });
    choose(new File([new Uint8Array([0x89, 0x50])], 'crm.png', { type: 'image/png' }));
    expect(await screen.findByAltText('Prévia da foto do documento escolhida')).not.toBeNull();
    expect(resizeImageForUpload).toHaveBeenCalledWith(expect.any(File), 0.5, 800);
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar' }));

    expect(await screen.findByText(M.saved)).not.toBeNull();
    const [post] = calls(fetchMock, 'POST');
    const body = post?.[1]?.body as FormData;
    expect(body.get('tipo')).toBe('S');
    expect(body.get('numero')).toBe('SAMU 192');
    expect((body.get('documento') as File).name).toBe('crm.jpg');

    const card = await screen.findByRole('region', { name: 'Sua credencial' });
    expect((within(card).getByLabelText('Tipo de profissional') as HTMLSelectElement).disabled).toBe(true);
    expect((within(card).getByLabelText('Tipo de profissional') as HTMLSelectElement).value).toBe('S');
    expect((within(card).getByLabelText('Número de cadastro') as HTMLInputElement).disabled).toBe(true);
    expect(within(card).getByText('Aguardando verificação')).not.toBeNull();
    // Until verified the code opens as to anyone (countsForLevel3): the hint promises nothing more yet.
    expect(within(card).getByText(/em análise.*Depois de verificada/)).not.toBeNull();
    expect(within(card).getByAltText('Foto do documento enviado').getAttribute('src')).toBe(SAVED.documento);
    // The only action left is deleting the whole record.
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Excluir cadastro']);
  });

  it("shows each review status as text ('Recusado' explains what to do)", async () => {
    stubApi({ ...SAVED, status: 'rejeitado' });
    renderRoutes(routes, '/profissional');
    expect(await screen.findByText('Recusado')).not.toBeNull();
    expect(screen.getByText(/Exclua o cadastro e faça outro/)).not.toBeNull();
  });

  it("deletes the whole record only after 'Excluir cadastro' is confirmed; Cancelar keeps it", async () => {
    const fetchMock = stubApi(SAVED);
    renderRoutes(routes, '/profissional');
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir cadastro' }));
    let dialog = await screen.findByRole('dialog', { name: 'Excluir cadastro de profissional?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetchMock, 'DELETE')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Excluir cadastro' }));
    dialog = await screen.findByRole('dialog', { name: 'Excluir cadastro de profissional?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir cadastro' }));
    expect(await screen.findByText(M.deleted)).not.toBeNull();
    expect(calls(fetchMock, 'DELETE')).toHaveLength(1);
    expect(await screen.findByRole('form', { name: 'Cadastrar credencial' })).not.toBeNull();
  });
});
