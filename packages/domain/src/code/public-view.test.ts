import { describe, expect, it } from 'vitest';
import { PublicCodeViewSchema, PublicTimelinePageSchema } from './public-view.ts';

const emergencyUser = {
  name: 'Maria Silva',
  code: '123AB456',
  avatar: null,
  idade: 35,
  pessoal: {
    telefone: '11987654321',
    contato: 'João Silva',
    contato_telefone: '1133334444',
    contato_relacao: 'C',
  },
  caracteristicas: { peso: 72.5, altura: 1.75, cor: 3, olhos: 2, sinal: null },
  geral: {
    nascimento: '1990-05-17',
    sexo: 'F',
    sangue: 7,
    endereco: 'Rua Augusta, 100',
    bairro: 'Consolação',
    cidade: { id: 3550308, descricao: 'São Paulo - SP' },
    complemento: null,
  },
  outras: { doador: 'S' },
  updated_at: '2025-06-10T15:30:00.000Z',
};

const { endereco: _rua, bairro: _bairro, complemento: _apto, ...cidadeOnly } = emergencyUser.geral;
/** By default (docs/authorization.md) a guest reads the city, not the street address. */
const guestAnswer = {
  user: { ...emergencyUser, geral: cidadeOnly },
  acesso: { saude: false, timeline: false, endereco: false, emergencia_saude: false },
};
const alerta = { alergias: 'Dipirona', medicamentos: 'Losartana 50 mg', doencas: ['Diabetes'] };

const saude = {
  alergias: 'Dipirona',
  problemas: null,
  medicamentos: 'Losartana 50 mg',
  tratamento: null,
  protese: null,
  sus: '123456789012345',
};
const hospitalar = {
  convenio_empresa: 'Unimed',
  convenio_numero: '123456',
  hospital: 'Hospital das Clínicas',
  medico_id: 5,
  medico_name: 'Ana Souza',
  medico_crm: 'CRM/SP 123456',
  medico_especialidade: 'Cardiologia',
};
const timelineItem = {
  id: 12,
  tipo: 1,
  data: '2025-06-10',
  descricao: 'Consulta de rotina',
  valor: null,
  medico_name: null,
  created_by: null,
  terceiro: null,
  local_dor: null,
  intensidade_dor: null,
};

describe('PublicCodeViewSchema', () => {
  it('parses a guest answer with only the Emergency tab and adds no keys', () => {
    const parsed = PublicCodeViewSchema.parse(guestAnswer);
    expect(parsed).toEqual(guestAnswer);
    expect(Object.keys(parsed).sort()).toEqual(['acesso', 'user']);
    for (const key of ['saude', 'hospitalar', 'doencas', 'alerta'])
      expect(parsed.user).not.toHaveProperty(key);
    for (const key of ['endereco', 'bairro', 'complemento'])
      expect(parsed.user.geral).not.toHaveProperty(key);
    expect(parsed.user.outras).toEqual({ doador: 'S' });
    expect(parsed.user.outras).not.toHaveProperty('adicional');
    expect(parsed).not.toHaveProperty('timelineItems');
    expect(parsed).not.toHaveProperty('total');
  });

  it("parses the Emergency tab's address and allergies strip when the patient turned them on", () => {
    const answer = {
      user: { ...emergencyUser, alerta },
      acesso: { saude: false, timeline: false, endereco: true, emergencia_saude: true },
    };
    expect(PublicCodeViewSchema.parse(answer)).toEqual(answer);
    const badStrip = { ...answer, user: { ...answer.user, alerta: { ...alerta, doencas: [3] } } };
    expect(PublicCodeViewSchema.safeParse(badStrip).success).toBe(false);
  });

  it('parses the My Health extras when served', () => {
    const answer = {
      user: {
        ...emergencyUser,
        outras: { doador: 'S', adicional: 'Marca-passo desde 2019' },
        alerta,
        saude,
        hospitalar,
        doencas: [{ id: 3, nome: 'Diabetes' }],
      },
      acesso: { saude: true, timeline: false, endereco: true, emergencia_saude: false },
    };
    expect(PublicCodeViewSchema.parse(answer)).toEqual(answer);
  });

  it('parses the timeline page when served', () => {
    const answer = {
      user: { ...emergencyUser, outras: { doador: null, adicional: null }, saude, hospitalar, doencas: [] },
      acesso: { saude: true, timeline: true, endereco: true, emergencia_saude: false },
      timelineItems: [timelineItem],
      total: 1,
    };
    expect(PublicCodeViewSchema.parse(answer)).toEqual(answer);
  });

  it('strips unknown fields from the user (e-mail, id, password hash) and from the answer', () => {
    const parsed = PublicCodeViewSchema.parse({
      ...guestAnswer,
      user: {
        ...guestAnswer.user,
        id: 1,
        email: 'maria@exemplo.com',
        password_hash: '$argon2id$v=19$...',
        permissoes_saude: 1,
        saude: undefined,
      },
      viewer_user_id: 42,
    });
    expect(parsed).toEqual(guestAnswer);
    for (const key of ['id', 'email', 'password_hash', 'permissoes_saude']) {
      expect(parsed.user).not.toHaveProperty(key);
    }
    expect(parsed).not.toHaveProperty('viewer_user_id');
    expect(JSON.stringify(parsed)).not.toContain('maria@exemplo.com');
  });

  it('strips fields outside the public timeline item', () => {
    const parsed = PublicCodeViewSchema.parse({
      ...guestAnswer,
      acesso: { ...guestAnswer.acesso, saude: true, timeline: true },
      timelineItems: [{ ...timelineItem, user_id: 1, terceiro_id: 99 }],
      total: 1,
    });
    expect(parsed.timelineItems).toEqual([timelineItem]);
  });

  it('requires acesso and the Emergency tab', () => {
    expect(PublicCodeViewSchema.safeParse({ user: emergencyUser }).success).toBe(false);
    const { geral: _omitted, ...withoutGeral } = emergencyUser;
    expect(PublicCodeViewSchema.safeParse({ ...guestAnswer, user: withoutGeral }).success).toBe(false);
  });
});

describe('PublicTimelinePageSchema', () => {
  it('parses a page and strips fields outside the public item', () => {
    expect(
      PublicTimelinePageSchema.parse({ timelineItems: [{ ...timelineItem, user_id: 1 }], total: 21 }),
    ).toEqual({ timelineItems: [timelineItem], total: 21 });
  });
});
