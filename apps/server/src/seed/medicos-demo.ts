/** The demo doctors seeded with `SEED_DEMO_DOCTORS` (docs/telemedicine.md "Doctors"), seeded by medicos.ts. */

/** One demo doctor: an account plus its doctor profile. */
export interface DemoDoctor {
  name: string;
  email: string;
  /** IBGE id of the doctor's municipality. */
  cidade_id: number;
  crm: { numero: string; uf: string };
  /** CFM specialty names, as in `data/especialidades.json`. */
  especialidades: string[];
  /** 2 disponível, 1 ocupado, 0 offline. */
  status: number;
  /** Names of the (fictitious) clinics where the doctor works, all in the doctor's city. */
  clinicas: string[];
}

/** Domain of the demo accounts: reserved, never delivers mail. */
export const DEMO_EMAIL_DOMAIN = 'demo.pulso.local';

/**
 * Fictitious doctors for development and demos (`SEED_DEMO`), so that the
 * doctor autocomplete of /saude (docs/health-record.md "My Health") has
 * someone to find. Names, CRMs and e-mails are invented; cities are real
 * IBGE municipalities.
 */
export const DEMO_DOCTORS: readonly DemoDoctor[] = [
  {
    name: 'Ana Beatriz Nogueira',
    email: `ana.nogueira@${DEMO_EMAIL_DOMAIN}`,
    cidade_id: 3550308, // São Paulo - SP
    crm: { numero: '145872', uf: 'SP' },
    especialidades: ['Cardiologia', 'Clínica Médica'],
    status: 2,
    clinicas: ['Clínica Coração da Paulista', 'Centro Médico Vila Mariana'],
  },
  {
    name: 'José Ricardo Albuquerque',
    email: `jose.albuquerque@${DEMO_EMAIL_DOMAIN}`,
    cidade_id: 2611606, // Recife - PE
    crm: { numero: '21457', uf: 'PE' },
    especialidades: ['Ortopedia e Traumatologia'],
    status: 1,
    clinicas: ['Clínica Ortopédica Boa Viagem'],
  },
  {
    name: 'Fernanda Gonçalves Lima',
    email: `fernanda.lima@${DEMO_EMAIL_DOMAIN}`,
    cidade_id: 3106200, // Belo Horizonte - MG
    crm: { numero: '58341', uf: 'MG' },
    especialidades: ['Pediatria'],
    status: 2,
    clinicas: ['Clínica Pediátrica Savassi'],
  },
  {
    name: 'João Pedro Cavalcanti',
    email: `joao.cavalcanti@${DEMO_EMAIL_DOMAIN}`,
    cidade_id: 2304400, // Fortaleza - CE
    crm: { numero: '17623', uf: 'CE' },
    especialidades: ['Medicina de Família e Comunidade', 'Geriatria'],
    status: 0,
    clinicas: ['Clínica da Família Aldeota'],
  },
  {
    name: 'Mariana Sá Ribeiro',
    email: `mariana.ribeiro@${DEMO_EMAIL_DOMAIN}`,
    cidade_id: 4314902, // Porto Alegre - RS
    crm: { numero: '40218', uf: 'RS' },
    especialidades: ['Dermatologia'],
    status: 2,
    clinicas: ['Clínica de Pele Moinhos'],
  },
  {
    name: 'Luís Otávio Brandão',
    email: `luis.brandao@${DEMO_EMAIL_DOMAIN}`,
    cidade_id: 2927408, // Salvador - BA
    crm: { numero: '29874', uf: 'BA' },
    especialidades: ['Psiquiatria'],
    status: 0,
    clinicas: ['Espaço Mente Sã Barra'],
  },
  {
    name: 'Camila Yamamoto Ferraz',
    email: `camila.ferraz@${DEMO_EMAIL_DOMAIN}`,
    cidade_id: 3550308, // São Paulo - SP: the same city and a clinic shared with Ana Beatriz
    crm: { numero: '187305', uf: 'SP' },
    especialidades: ['Endocrinologia e Metabologia'],
    status: 1,
    clinicas: ['Centro Médico Vila Mariana'],
  },
  {
    name: 'Rafael Moreira Tavares',
    email: `rafael.tavares@${DEMO_EMAIL_DOMAIN}`,
    cidade_id: 4106902, // Curitiba - PR
    crm: { numero: '33561', uf: 'PR' },
    especialidades: ['Clínica Médica', 'Neurologia'],
    status: 2,
    clinicas: ['Clínica Integrada Batel'],
  },
];
