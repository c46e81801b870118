/**
 * The doctors of the telemedicine journeys (issue 6), one per spec family so
 * that no spec sees another's requests, sessions or passes (the suite runs
 * in one database). `support/create-doctors.ts` creates them with the
 * `medico:create` tool in the shared server's DATA_DIR before the server
 * starts (playwright.config.ts `webServer.command`); the journeys sign in
 * with {@link E2eDoctor.email} and {@link E2eDoctor.password}, through
 * `POST /api/login` or the /medico sign-in screen.
 *
 * Names, CRMs and e-mails are fictitious and differ from the seeded demo
 * doctors' (seed/medicos.ts: the seed would fail on a CRM taken), and no
 * doctor here is a cardiologist in São Paulo or works in a clinic, so the
 * search journeys' counts of demo doctors stay true.
 */

/** A doctor a journey signs in as. */
export interface E2eDoctor {
  name: string;
  email: string;
  password: string;
  /** `numero/UF`, as the tool takes it. */
  crm: string;
  /** A CFM specialty name. */
  especialidade: string;
  /** IBGE code of the doctor's city. */
  cidade: string;
  /** The city as patients read it (`MedicoView.cidade_descricao`). */
  cidadeDescricao: string;
}

/** Password of every journey doctor (at least the tool's minimum length). */
export const DOCTOR_PASSWORD = 'consultorio-e2e-2026';

/** The journeys' doctors, by the spec family that uses each. */
export const DOCTORS = {
  /** medico-acesso.spec.ts: signs in on /medico and finds an empty area. */
  acesso: {
    name: 'Otávio Bastos',
    email: 'otavio.bastos@medicos.e2e.example',
    password: DOCTOR_PASSWORD,
    crm: '118420/SP',
    especialidade: 'Clínica Médica',
    cidade: '3550308',
    cidadeDescricao: 'São Paulo - SP',
  },
  /** medico-solicitacoes.spec.ts. */
  solicitacoes: {
    name: 'Helena Duarte',
    email: 'helena.duarte@medicos.e2e.example',
    password: DOCTOR_PASSWORD,
    crm: '52431/PE',
    especialidade: 'Cardiologia',
    cidade: '2611606',
    cidadeDescricao: 'Recife - PE',
  },
  /** medico-status.spec.ts. */
  status: {
    name: 'Renato Figueira',
    email: 'renato.figueira@medicos.e2e.example',
    password: DOCTOR_PASSWORD,
    crm: '77310/MG',
    especialidade: 'Dermatologia',
    cidade: '3106200',
    cidadeDescricao: 'Belo Horizonte - MG',
  },
  /** medico-passes.spec.ts. */
  passes: {
    name: 'Lúcia Campos',
    email: 'lucia.campos@medicos.e2e.example',
    password: DOCTOR_PASSWORD,
    crm: '30987/RS',
    especialidade: 'Pediatria',
    cidade: '4314902',
    cidadeDescricao: 'Porto Alegre - RS',
  },
  /** telemedicina-solicitacao.spec.ts. */
  solicitacao: {
    name: 'Sérgio Vilela',
    email: 'sergio.vilela@medicos.e2e.example',
    password: DOCTOR_PASSWORD,
    crm: '41288/PR',
    especialidade: 'Neurologia',
    cidade: '4106902',
    cidadeDescricao: 'Curitiba - PR',
  },
  /** telemedicina-respostas.spec.ts: accepts. */
  aceita: {
    name: 'Lívia Monteiro',
    email: 'livia.monteiro@medicos.e2e.example',
    password: DOCTOR_PASSWORD,
    crm: '73015/BA',
    especialidade: 'Clínica Médica',
    cidade: '2927408',
    cidadeDescricao: 'Salvador - BA',
  },
  /** telemedicina-respostas.spec.ts: refuses. */
  recusa: {
    name: 'Rafael Quintana',
    email: 'rafael.quintana@medicos.e2e.example',
    password: DOCTOR_PASSWORD,
    crm: '28841/PE',
    especialidade: 'Cardiologia',
    cidade: '2611606',
    cidadeDescricao: 'Recife - PE',
  },
  /** telemedicina-chat.spec.ts. */
  chat: {
    name: 'Cláudia Rezende',
    email: 'claudia.rezende@medicos.e2e.example',
    password: DOCTOR_PASSWORD,
    crm: '64120/RS',
    especialidade: 'Dermatologia',
    cidade: '4314902',
    cidadeDescricao: 'Porto Alegre - RS',
  },
  /** telemedicina-ao-vivo.spec.ts. */
  aoVivo: {
    name: 'Tomás Azevedo',
    email: 'tomas.azevedo@medicos.e2e.example',
    password: DOCTOR_PASSWORD,
    crm: '90315/BA',
    especialidade: 'Medicina de Família e Comunidade',
    cidade: '2927408',
    cidadeDescricao: 'Salvador - BA',
  },
  /** timeline-terceiros.spec.ts: reads a patient's code and sees no record awaiting approval. */
  terceiros: {
    name: 'Vera Castilho',
    email: 'vera.castilho@medicos.e2e.example',
    password: DOCTOR_PASSWORD,
    crm: '58214/GO',
    especialidade: 'Clínica Médica',
    cidade: '5208707',
    cidadeDescricao: 'Goiânia - GO',
  },
} as const satisfies Record<string, E2eDoctor>;
