import { screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { startCodePage } from './client.tsx';
import { empty, fullView, guestView, maria, mariaAlerta } from './test/fixtures.ts';
import { closePage, openPage, serverPage, stubFetch } from './test/page-harness.tsx';

afterEach(closePage);

/** The `<dd>` of a label in `scope`. */
function shownValue(scope: HTMLElement, label: string) {
  return within(scope).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('the Emergency tab of /code/:code', () => {
  it('shows name, age, blood type and the emergency contact with call links first', async () => {
    await openPage(guestView(maria));
    expect(screen.getByRole('heading', { level: 1, name: 'Maria da Silva' })).not.toBeNull();
    expect(screen.getByText('34 anos · Feminino')).not.toBeNull();
    expect(screen.getByText('Tipo sanguíneo').parentElement?.textContent).toBe('Tipo sanguíneoO+');
    expect(screen.getByAltText('Foto de Maria da Silva').getAttribute('src')).toBe('/api/avatars/abc.png');
    const contact = screen.getByRole('region', { name: 'Contato de emergência' });
    expect(within(contact).getByText('João Souza')).not.toBeNull();
    expect(within(contact).getByText('(Cônjuge)', { exact: false })).not.toBeNull();
    expect(within(contact).getByText('(11) 91234 5678')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Ligar para João Souza' }).getAttribute('href')).toBe(
      'tel:+5511912345678',
    );
    expect(screen.getByRole('link', { name: 'Ligar SAMU 192' }).getAttribute('href')).toBe('tel:192');
    expect(screen.getByRole('link', { name: 'Ligar Bombeiros 193' }).getAttribute('href')).toBe('tel:193');
  });

  it("offers to tell the contact on WhatsApp, in pt-BR from the viewer's phone; not for a landline", async () => {
    await openPage(guestView(maria));
    const whatsapp = screen.getByRole('link', { name: 'Avisar João Souza pelo WhatsApp' });
    const href = whatsapp.getAttribute('href') ?? '';
    expect(href.startsWith('https://wa.me/5511912345678?text=')).toBe(true);
    expect(decodeURIComponent(href.split('?text=')[1] ?? '')).toContain(
      'cartão de emergência Pulso de Maria pelo código do adesivo',
    );
    expect(whatsapp.getAttribute('target')).toBe('_blank');
    expect(whatsapp.getAttribute('rel')).toBe('noopener noreferrer');
    closePage();
    await openPage(guestView({ ...maria, pessoal: { ...maria.pessoal, contato_telefone: '1132345678' } }));
    expect(screen.getByRole('link', { name: 'Ligar para João Souza' })).not.toBeNull();
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
  });

  it('shows the rest of the emergency data and the date of the last update', async () => {
    await openPage(guestView(maria));
    const page = document.body;
    expect(shownValue(page, 'Peso')).toBe('68,5 kg');
    expect(shownValue(page, 'Altura')).toBe('1,65 m');
    expect(shownValue(page, 'Cor')).toBe('Parda');
    expect(shownValue(page, 'Olhos')).toBe('Castanhos');
    expect(shownValue(page, 'Sinais particulares')).toBe('Tatuagem no braço esquerdo');
    expect(shownValue(page, 'Cidade')).toBe('São Paulo - SP');
    expect(shownValue(page, 'Doador de órgãos')).toBe('Sim');
    expect(shownValue(page, 'Nascimento')).toBe('17/05/1991');
    expect(screen.queryByText('Complemento')).toBeNull();
    expect(screen.getByText('Dados atualizados em 10/03/2025')).not.toBeNull();
  });

  it('shows the city alone when the patient keeps the street address off (the default)', async () => {
    const { endereco: _rua, bairro: _bairro, complemento: _apto, ...cidade } = maria.geral;
    await openPage(guestView({ ...maria, geral: cidade }));
    const address = screen.getByRole('region', { name: 'Endereço' });
    expect(shownValue(address, 'Cidade')).toBe('São Paulo - SP');
    expect(within(address).queryByText('Endereço', { selector: 'dt' })).toBeNull();
    expect(within(address).queryByText('Bairro', { selector: 'dt' })).toBeNull();
    expect(screen.queryByText('Rua das Flores, 10')).toBeNull();
  });

  it('shows the street address when the server sends it, blank parts as not informed', async () => {
    await openPage(guestView({ ...maria, geral: { ...maria.geral, bairro: null } }));
    const address = screen.getByRole('region', { name: 'Endereço' });
    expect(shownValue(address, 'Endereço')).toBe('Rua das Flores, 10');
    expect(shownValue(address, 'Bairro')).toBe('Não informado');
  });

  it('shows the apartment when the address has a complemento', async () => {
    await openPage(guestView({ ...maria, geral: { ...maria.geral, complemento: 'Apto 42' } }));
    expect(shownValue(document.body, 'Complemento')).toBe('Apto 42');
  });

  it("reads 'Não informado' for empty fields, leaves out the sex and offers no contact call", async () => {
    await openPage(guestView(empty));
    expect(screen.getByRole('heading', { level: 1, name: 'José' })).not.toBeNull();
    expect(screen.getByText('Tipo sanguíneo').parentElement?.textContent).toBe('Tipo sanguíneoNão informado');
    expect(shownValue(document.body, 'Doador de órgãos')).toBe('Não informado');
    expect(shownValue(document.body, 'Sexo')).toBe('Não informado');
    expect(screen.getByText('Não informado', { selector: '.cp-contact-name' })).not.toBeNull();
    expect(screen.queryByRole('link', { name: /Ligar para/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ligar SAMU 192' })).not.toBeNull();
    // No photo: the initials stand in, hidden from screen readers.
    expect(screen.queryByRole('img')).toBeNull();
  });

  it("reads a 'Não especificado' sex as not given and ages under two in words", async () => {
    await openPage(guestView({ ...maria, idade: 0, geral: { ...maria.geral, sexo: 'N' } }));
    expect(screen.getByText('Menos de 1 ano')).not.toBeNull();
    closePage();
    await openPage(guestView({ ...maria, idade: 1 }));
    expect(screen.getByText('1 ano · Feminino')).not.toBeNull();
  });

  it('shows allergies, medications and conditions first, as an alert, only when the server sends them', async () => {
    await openPage(guestView({ ...maria, alerta: mariaAlerta }));
    const strip = screen.getByRole('alert', { name: 'Alergias, medicamentos e doenças' });
    expect(shownValue(strip, 'Alergias')).toBe('Penicilina');
    expect(shownValue(strip, 'Medicamentos')).toBe('Losartana 50 mg');
    expect(shownValue(strip, 'Doenças')).toBe('Asma, Diabetes');
    expect(screen.getByRole('tabpanel').firstElementChild).toBe(strip);
    closePage();
    await openPage(guestView(maria));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Alergias')).toBeNull();
  });

  it("reads 'Nenhuma informada' for empty allergies, medications and conditions", async () => {
    await openPage(guestView({ ...maria, alerta: { alergias: null, medicamentos: ' ', doencas: [] } }));
    const strip = screen.getByRole('alert', { name: 'Alergias, medicamentos e doenças' });
    expect(shownValue(strip, 'Alergias')).toBe('Nenhuma informada');
    expect(shownValue(strip, 'Medicamentos')).toBe('Nenhuma informada');
    expect(shownValue(strip, 'Doenças')).toBe('Nenhuma informada');
  });

  it("offers a guest 'Entrar' to /login, and a signed-in viewer 'Voltar ao início'", async () => {
    await openPage(fullView());
    expect(screen.getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe('/login');
    closePage();
    stubFetch();
    await openPage(fullView(), { token: 't0k3n' });
    expect(screen.getByRole('link', { name: 'Voltar ao início' }).getAttribute('href')).toBe('/home');
    expect(screen.queryByRole('link', { name: 'Entrar' })).toBeNull();
  });

  it('is taken over without a change: the server markup and its very nodes stay', async () => {
    serverPage(fullView());
    const before = document.getElementById('root')?.innerHTML;
    const heading = screen.getByRole('heading', { level: 1, name: 'Maria da Silva' });
    const strip = screen.getByRole('alert', { name: 'Alergias, medicamentos e doenças' });
    startCodePage();
    await waitFor(() =>
      expect(screen.getByRole('tab', { selected: true }).getAttribute('tabindex')).toBe('0'),
    );
    // The same markup, but the roving tabindex the script gives the tabs.
    expect(document.getElementById('root')?.innerHTML.replace(/ tabindex="-?\d"/g, '')).toBe(before);
    expect(screen.getByRole('heading', { level: 1, name: 'Maria da Silva' })).toBe(heading);
    expect(screen.getByRole('alert', { name: 'Alergias, medicamentos e doenças' })).toBe(strip);
  });
});
