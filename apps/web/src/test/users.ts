import type { UserHealthView, UserView } from '@pulso/domain';

/** A signed-in patient's `UserView` (GET /api/home) with only the required phone filled in. */
export function makeUserView(overrides: Partial<UserView> = {}): UserView {
  return {
    id: 1,
    name: 'Ana Souza',
    email: 'ana@example.com',
    email_verified_at: '2026-03-01T15:05:00.000Z',
    code: '123AB456',
    avatar: null,
    updated_at: '2026-03-10T15:00:00.000Z',
    created_at: '2026-03-01T15:00:00.000Z',
    newsletter: false,
    empresarial: false,
    trialEnded: false,
    plano: null,
    hasCredit: false,
    pessoal: { telefone: '11987654321', contato: null, contato_telefone: null, contato_relacao: null },
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
    outras: { doador: null, adicional: null },
    ...overrides,
  };
}

/** The owner's `UserHealthView` (GET /api/saude): every health field empty unless overridden. */
export function makeUserHealthView(overrides: Partial<UserHealthView> = {}): UserHealthView {
  return {
    ...makeUserView(),
    saude: {
      alergias: null,
      problemas: null,
      medicamentos: null,
      tratamento: null,
      protese: null,
      sus: null,
    },
    hospitalar: {
      convenio_empresa: null,
      convenio_numero: null,
      hospital: null,
      medico_id: null,
      medico_name: null,
      medico_crm: null,
      medico_especialidade: null,
    },
    ...overrides,
  };
}
