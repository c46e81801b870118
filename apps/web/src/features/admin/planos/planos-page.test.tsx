import { PRECOS_MESSAGES } from '@pulso/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { stubApi } from '../../../test/stub-api.ts';
import PlanosPage from './planos-page.tsx';

const plano = {
  id: 1,
  nome: 'Meu Prontuário',
  preco: 790,
  periodo: 'M',
  tipo: 1,
  descricao: 'Linha do tempo sem limite',
  stripe_plan: 'meu_prontuario_mensal',
  ativo: true,
  assinaturas_ativas: 3,
};
const cupom = {
  id: 7,
  nome: 'BEMVINDO10',
  desconto: 10,
  valido_ate: '2026-12-31',
  limite_usos: 100,
  usos: 4,
  ativo: true,
  situacao: 'ativo',
};

function stub() {
  return stubApi(({ url, method, body }) => {
    if (url.endsWith('/admin/planos') && method === 'GET') return jsonResponse({ planos: [plano] });
    if (url.endsWith('/admin/cupons') && method === 'GET') return jsonResponse({ cupons: [cupom] });
    if (url.endsWith('/admin/atendimento-valor') && method === 'GET')
      return jsonResponse({ atendimento_valor: 5990 });
    if (url.endsWith('/admin/planos/1') && method === 'PUT') {
      return jsonResponse({ message: PRECOS_MESSAGES.planoSalvo, plano: { ...plano, ...(body as object) } });
    }
    if (url.endsWith('/admin/cupons') && method === 'POST') {
      return jsonResponse({ message: PRECOS_MESSAGES.cupomCriado, cupom: { ...cupom, id: 8 } }, 201);
    }
    if (url.endsWith('/admin/atendimento-valor') && method === 'PUT') {
      return jsonResponse({ message: PRECOS_MESSAGES.atendimentoValorSalvo, atendimento_valor: 7990 });
    }
    return undefined;
  });
}

const renderPage = () => renderRoutes([{ path: '/admin/planos', element: <PlanosPage /> }], '/admin/planos');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PlanosPage (issue 9 "Content": plans, coupons, price)', () => {
  it('lists plans and coupons in reais and percent, with their uses', async () => {
    stub();
    renderPage();
    const planos = await screen.findByRole('table', { name: 'Planos' });
    expect(within(planos).getByText(/^R\$\s7,90$/)).toBeTruthy();
    expect(within(planos).getByText('Mensal')).toBeTruthy();
    expect(within(planos).getByText('À venda')).toBeTruthy();
    const cupons = await screen.findByRole('table', { name: 'Cupons' });
    expect(within(cupons).getByText('10%')).toBeTruthy();
    expect(within(cupons).getByText('31/12/2026')).toBeTruthy();
    expect(within(cupons).getByText('4 de 100')).toBeTruthy();
  });

  it('edits a plan: the price typed in reais is sent in centavos, the rest as it was', async () => {
    const { calls } = stub();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Editar plano Meu Prontuário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Meu Prontuário' });
    const preco = within(dialog).getByLabelText(/^Preço/) as HTMLInputElement;
    expect(preco.value).toBe('R$ 7,90');
    fireEvent.input(preco, { target: { value: 'R$ 0,4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar plano' }));
    expect(await within(dialog).findByText(PRECOS_MESSAGES.preco)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.input(preco, { target: { value: '1290' } });
    await waitFor(() => expect(preco.value).toBe('R$ 1.290'));
    fireEvent.input(preco, { target: { value: 'R$ 12,90' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar plano' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      nome: 'Meu Prontuário',
      preco: 1290,
      periodo: 'M',
      tipo: 1,
      descricao: 'Linha do tempo sem limite',
      stripe_plan: 'meu_prontuario_mensal',
      ativo: true,
    });
  });

  it('creates a coupon with its name normalised, a day typed dd/mm/aaaa and no limit', async () => {
    const { calls } = stub();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Novo cupom' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo cupom' });
    fireEvent.change(within(dialog).getByLabelText(/^Nome do cupom/), { target: { value: ' natal20 ' } });
    fireEvent.change(within(dialog).getByLabelText(/^Desconto/), { target: { value: '20' } });
    fireEvent.input(within(dialog).getByLabelText(/^Válido até/), { target: { value: '24122026' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar cupom' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      nome: 'NATAL20',
      desconto: 20,
      valido_ate: '2026-12-24',
      limite_usos: null,
      ativo: true,
    });
  });

  it('opens a dialog again on the record, not on what was typed before it was cancelled', async () => {
    stub();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Novo cupom' }));
    let dialog = await screen.findByRole('dialog', { name: 'Novo cupom' });
    fireEvent.change(within(dialog).getByLabelText(/^Nome do cupom/), { target: { value: 'RASCUNHO' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo cupom' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Novo cupom' }));
    dialog = await screen.findByRole('dialog', { name: 'Novo cupom' });
    expect((within(dialog).getByLabelText(/^Nome do cupom/) as HTMLInputElement).value).toBe('');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Editar cupom BEMVINDO10' }));
    dialog = await screen.findByRole('dialog', { name: 'Editar BEMVINDO10' });
    expect((within(dialog).getByLabelText(/^Nome do cupom/) as HTMLInputElement).value).toBe('BEMVINDO10');
  });

  it('saves the single-consultation price in centavos', async () => {
    const { calls } = stub();
    renderPage();
    const form = await screen.findByRole('form', { name: 'Consulta avulsa' });
    const valor = within(form).getByLabelText(/^Valor da consulta avulsa/) as HTMLInputElement;
    await waitFor(() => expect(valor.value).toBe('R$ 59,90'));
    fireEvent.input(valor, { target: { value: 'R$ 79,90' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar valor' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ atendimento_valor: 7990 });
  });
});
