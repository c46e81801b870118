import type { PublicEmergencyView } from '@pulso/domain';
import { describe, expect, it } from 'vitest';
import { escapeHtml, renderEmergencyFacts } from './emergency-html.ts';

const view: PublicEmergencyView = {
  name: 'Maria da Silva',
  code: '123AB456',
  avatar: null,
  idade: 34,
  pessoal: {
    telefone: '11987654321',
    contato: 'João Souza',
    contato_telefone: '11912345678',
    contato_relacao: 'C',
  },
  caracteristicas: { peso: null, altura: null, cor: null, olhos: null, sinal: null },
  geral: {
    nascimento: '1991-05-17',
    sexo: 'F',
    sangue: 8,
    endereco: null,
    bairro: null,
    cidade: null,
    complemento: null,
  },
  outras: { doador: null },
  updated_at: '2026-11-22T10:00:00.000Z',
};

describe('renderEmergencyFacts', () => {
  it('shows name, age, sex, labelled blood type, the contact with a call link and the public services', () => {
    const html = renderEmergencyFacts(view);
    expect(html).toContain('<h1>Maria da Silva</h1>');
    expect(html).toContain('34 anos · Feminino');
    expect(html).toContain('<span>Tipo sanguíneo</span><strong>O-</strong>');
    expect(html).toContain('João Souza (Cônjuge)');
    expect(html).toContain('(11) 91234 5678');
    expect(html).toContain('<a class="pe-call" href="tel:+5511912345678">Ligar para João Souza</a>');
    expect(html).toContain('<a href="tel:192">Ligar SAMU 192</a>');
    expect(html).toContain('<a href="tel:193">Ligar Bombeiros 193</a>');
  });

  it('says what is missing and leaves out an absent contact', () => {
    const html = renderEmergencyFacts({
      ...view,
      idade: null,
      geral: { ...view.geral, sexo: null, sangue: null },
      pessoal: { telefone: null, contato: null, contato_telefone: null, contato_relacao: null },
    });
    expect(html).toContain('<strong>Não informado</strong>');
    expect(html).not.toContain('pe-about');
    expect(html).not.toContain('Contato de emergência');
  });

  it('escapes every character that could open markup', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
