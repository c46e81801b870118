/**
 * The one registry of the SPA's paths
 * (docs/architecture.md "Routes of the web app"). Build concrete URLs with
 * react-router's `generatePath(paths.timelineItem, { id })`.
 */
export const paths = {
  // Public (docs/architecture.md "Routes of the web app")
  root: '/',
  login: '/login',
  register: '/register/:code?',
  registerCompany: '/registerCompany/:token',
  termos: '/termos-de-uso',
  politica: '/politica-de-privacidade',
  passwordReset: '/password/reset/:token',
  emailVerify: '/email/verify/:token',
  code: '/code/:code',
  shl: '/shl',
  // Doctor area: its own route tree and shell (docs/architecture.md "Routes of the web app"), reached from
  // the login's Médico tab.
  medico: '/medico',
  medicoSolicitacoes: '/medico/solicitacoes',
  medicoAtendimentos: '/medico/atendimentos',
  medicoAtendimento: '/medico/atendimento/:id',
  medicoPasses: '/medico/passes',
  // Admin area (issue 9): its own route tree, sign-in and shell.
  admin: '/admin',
  adminPedidos: '/admin/pedidos',
  adminLotes: '/admin/lotes',
  adminMedicos: '/admin/medicos',
  adminDenuncias: '/admin/denuncias',
  adminProfissionais: '/admin/profissionais',
  adminEmpresas: '/admin/empresas',
  adminConteudo: '/admin/conteudo',
  adminPlanos: '/admin/planos',
  adminAuditoria: '/admin/auditoria',

  // Authenticated (docs/architecture.md "Routes of the web app")
  home: '/home',
  saude: '/saude',
  timeline: '/timeline',
  timelineAdd: '/timeline/add',
  timelineItem: '/timeline/item/:id',
  telemedicina: '/telemedicina',
  telemedicinaMedicos: '/telemedicina/medicos',
  telemedicinaMedico: '/telemedicina/medico/:id',
  telemedicinaAtendimento: '/telemedicina/atendimento/:id',
  telemedicinaPurchase: '/telemedicina/purchase/atendimento',
  telemedicinaSolicitacoes: '/telemedicina/solicitacoes',
  settings: '/settings',
  qrcodeGenerate: '/qrcode/generate',
  qrcodePurchase: '/qrcode/purchase',
  qrcodeOrders: '/qrcode/orders',
  qrcodeRead: '/qrcode/read',
  cartao: '/cartao',
  permissoes: '/permissoes',
  permissoesAcessos: '/permissoes/acessos',
  planos: '/planos',
  planosPagamento: '/planos/pagamento/:plano',
  planosAlterar: '/planos/alterar',
  pagamentoAlterar: '/pagamento/alterar',
  faqs: '/faqs',
  profissional: '/profissional',
  devices: '/devices',
  indicador: '/indicador',
  indicadorPressao: '/indicador/pressao',
  indicadorPressaoHistorico: '/indicador/pressao/historico',
  indicadorImc: '/indicador/imc',
  indicadorImcHistorico: '/indicador/imc/historico',
  indicadorOxigenacao: '/indicador/oxigenacao',
  indicadorOxigenacaoHistorico: '/indicador/oxigenacao/historico',
  indicadorGlicose: '/indicador/glicose',
  indicadorGlicoseHistorico: '/indicador/glicose/historico',
  dicas: '/dicas',
  mapaDor: '/mapa-dor',
  scoreQuestions: '/score-questions',
  scoreResult: '/score/result',
} as const;

/** Name of a registered path. */
export type PathKey = keyof typeof paths;

/** Paths reachable without a stored token (docs/architecture.md "Routes of the web app"). */
export const publicPathKeys = [
  'root',
  'login',
  'register',
  'registerCompany',
  'termos',
  'politica',
  'passwordReset',
  'emailVerify',
  'code',
  'shl',
  'medico',
] as const satisfies readonly PathKey[];

/**
 * The doctor area's paths (issue 6 "Doctors"): a route tree of its own under
 * its own shell. Without a stored token each shows the doctor sign-in, and an
 * account that is not a doctor's is told so (`GET /api/medico/me` → 403).
 */
export const medicoPathKeys = [
  'medico',
  'medicoSolicitacoes',
  'medicoAtendimentos',
  'medicoAtendimento',
  'medicoPasses',
] as const satisfies readonly PathKey[];

/** Name of a path of the doctor area. */
export type MedicoPathKey = (typeof medicoPathKeys)[number];

/**
 * The admin area's paths (issue 9 "Access"): a route tree of its own under
 * its own shell. Without a stored token each shows the staff sign-in; an
 * account that is not staff is told so (`GET /api/admin/me` → 403).
 */
export const adminPathKeys = [
  'admin',
  'adminPedidos',
  'adminLotes',
  'adminMedicos',
  'adminDenuncias',
  'adminProfissionais',
  'adminEmpresas',
  'adminConteudo',
  'adminPlanos',
  'adminAuditoria',
] as const satisfies readonly PathKey[];

/** Name of a path of the admin area. */
export type AdminPathKey = (typeof adminPathKeys)[number];

/** A path that needs a stored token; without one the guard sends the user to /login. */
export type AuthPathKey = Exclude<PathKey, (typeof publicPathKeys)[number] | MedicoPathKey | AdminPathKey>;

/** pt-BR title of each screen: the page's `<h1>`, the document title and the 'Em breve' heading. */
export const pageTitles: Record<PathKey, string> = {
  root: 'Pulso',
  login: 'Entrar',
  register: 'Criar conta',
  registerCompany: 'Criar conta empresarial',
  termos: 'Termos de uso',
  politica: 'Política de privacidade',
  passwordReset: 'Redefinir senha',
  emailVerify: 'Confirmação de e-mail',
  code: 'Dados de emergência',
  shl: 'Resumo de saúde compartilhado',
  medico: 'Área do médico',
  medicoSolicitacoes: 'Solicitações de atendimento',
  medicoAtendimentos: 'Atendimentos',
  medicoAtendimento: 'Atendimento',
  medicoPasses: 'Passes',
  admin: 'Painel',
  adminPedidos: 'Pedidos de adesivos',
  adminLotes: 'Lotes de adesivos',
  adminMedicos: 'Médicos',
  adminDenuncias: 'Denúncias',
  adminProfissionais: 'Profissionais de emergência',
  adminEmpresas: 'Empresas',
  adminConteudo: 'Conteúdo',
  adminPlanos: 'Planos, cupons e preços',
  adminAuditoria: 'Auditoria',
  home: 'Dados de emergência',
  saude: 'Minha saúde',
  timeline: 'Linha do tempo',
  timelineAdd: 'Novo registro',
  timelineItem: 'Registro da linha do tempo',
  telemedicina: 'Telemedicina',
  telemedicinaMedicos: 'Buscar médicos',
  telemedicinaMedico: 'Perfil do médico',
  telemedicinaAtendimento: 'Atendimento',
  telemedicinaPurchase: 'Comprar atendimento',
  telemedicinaSolicitacoes: 'Solicitações',
  settings: 'Configurações',
  qrcodeGenerate: 'Meu QR Code',
  qrcodePurchase: 'Pedir adesivos de QR Code',
  qrcodeOrders: 'Meus pedidos',
  qrcodeRead: 'Ler QR Code',
  cartao: 'Meu cartão de emergência',
  permissoes: 'Permissões',
  permissoesAcessos: 'Quem acessou meus dados',
  planos: 'Planos',
  planosPagamento: 'Assinar plano',
  planosAlterar: 'Alterar plano',
  pagamentoAlterar: 'Alterar cartão',
  faqs: 'Perguntas frequentes',
  profissional: 'Profissional de emergência',
  devices: 'Dispositivos',
  indicador: 'Indicadores de saúde',
  indicadorPressao: 'Pressão arterial',
  indicadorPressaoHistorico: 'Histórico de pressão arterial',
  indicadorImc: 'Índice de massa corporal',
  indicadorImcHistorico: 'Histórico de IMC',
  indicadorOxigenacao: 'Oxigenação',
  indicadorOxigenacaoHistorico: 'Histórico de oxigenação',
  indicadorGlicose: 'Glicose',
  indicadorGlicoseHistorico: 'Histórico de glicose',
  dicas: 'Dicas de saúde',
  mapaDor: 'Mapa da dor',
  scoreQuestions: 'Score de saúde',
  scoreResult: 'Meus resultados',
};
