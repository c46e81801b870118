import type { CartaoFacts } from '@pulso/domain';

/** A patient's card facts as `GET /api/qrcode/cartao` answers them (medications left blank). */
export const CARTAO_FACTS: CartaoFacts = {
  code: '123AB456',
  url: 'http://localhost:3000/code/123AB456',
  name: 'Conceição Araújo',
  sangue: 'O-',
  alergias: 'Penicilina',
  medicamentos: null,
  contato: 'João Pereira (Cônjuge) · (11) 91234 5678',
  telefone: '11912345678',
};
