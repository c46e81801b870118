import type { PublicCodeView, PublicEmergencyView } from '@pulso/domain';

/** Test data of the public page (this package's tests only). */

export const maria: PublicEmergencyView = {
  name: 'Maria da Silva',
  code: '123AB456',
  avatar: '/api/avatars/abc.png',
  idade: 34,
  pessoal: {
    telefone: '11987654321',
    contato: 'João Souza',
    contato_telefone: '11912345678',
    contato_relacao: 'C',
  },
  caracteristicas: { peso: 68.5, altura: 1.65, cor: 3, olhos: 2, sinal: 'Tatuagem no braço esquerdo' },
  geral: {
    nascimento: '1991-05-17',
    sexo: 'F',
    sangue: 7,
    endereco: 'Rua das Flores, 10',
    bairro: 'Centro',
    cidade: { id: 3550308, descricao: 'São Paulo - SP' },
    complemento: null,
  },
  outras: { doador: 'S' },
  updated_at: '2025-03-10T15:00:00.000Z',
};

export const empty: PublicEmergencyView = {
  name: 'José',
  code: '999ZZ999',
  avatar: null,
  idade: null,
  pessoal: { telefone: null, contato: null, contato_telefone: null, contato_relacao: null },
  caracteristicas: { peso: null, altura: null, cor: null, olhos: null, sinal: null },
  geral: {
    nascimento: null,
    sexo: null,
    sangue: null,
    endereco: null,
    bairro: null,
    cidade: null,
    complemento: null,
  },
  outras: { doador: null },
  updated_at: '2025-03-10T15:00:00.000Z',
};

/**
 * The answer a guest gets when the patient keeps My Health to themselves (the default): the
 * address as `user` carries it, the allergies strip when `user.alerta` is given.
 */
export function guestView(user: PublicEmergencyView): PublicCodeView {
  return {
    user,
    acesso: {
      saude: false,
      timeline: false,
      endereco: user.geral.endereco !== undefined,
      emergencia_saude: user.alerta !== undefined,
    },
  };
}

/** Maria's allergies strip, as the server adds it to the Emergency tab. */
export const mariaAlerta = {
  alergias: 'Penicilina',
  medicamentos: 'Losartana 50 mg',
  doencas: ['Asma', 'Diabetes'],
};

/** My Health as served when the patient allows it. */
export const mariaSaude = {
  saude: {
    alergias: 'Penicilina',
    problemas: 'Hipertensão',
    medicamentos: 'Losartana 50 mg',
    tratamento: null,
    protese: '  ',
    sus: '700000000000005',
  },
  hospitalar: {
    convenio_empresa: 'Unimed Paulistana',
    convenio_numero: '0012345678',
    hospital: 'Hospital das Clínicas',
    medico_id: null,
    medico_name: 'Dra. Paula Lima',
    medico_crm: 'CRM/SP 123456',
    medico_especialidade: 'Cardiologia',
  },
  outras: { doador: 'S' as const, adicional: 'Uso lentes de contato' },
  doencas: [
    { id: 3, nome: 'Diabetes' },
    { id: 7, nome: 'Asma' },
  ],
};

type Item = NonNullable<PublicCodeView['timelineItems']>[number];

/** A timeline record as the public view serves it. */
export function timelineItem(id: number, overrides: Partial<Item> = {}): Item {
  return {
    id,
    tipo: 1,
    data: '2025-03-10',
    descricao: `Registro ${id}`,
    valor: null,
    medico_name: null,
    created_by: null,
    terceiro: null,
    local_dor: null,
    intensidade_dor: null,
    ...overrides,
  };
}

/** Maria's view when every tab is open to the viewer. */
export function fullView(items: Item[] = [], total = items.length): PublicCodeView {
  return {
    user: { ...maria, ...mariaSaude, alerta: mariaAlerta },
    acesso: { saude: true, timeline: true, endereco: true, emergencia_saude: false },
    timelineItems: items,
    total,
  };
}
