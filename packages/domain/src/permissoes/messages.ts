/** pt-BR messages of /permissoes and of the public view (docs/api/saude-and-permissoes.md, docs/public-code-page.md). */
export const PERMISSOES_MESSAGES = {
  updated: 'Permissões atualizadas com sucesso',
  denied: 'Você não possui permissão para acessar as informações de saúde deste paciente.',
  saude: 'Escolha quem pode ver suas informações de saúde',
  timeline: 'Informe se a linha do tempo pode ser vista',
  emergencia: 'Informe o que deve aparecer na aba Emergência',
  alertas: 'Informe como quer ser avisado quando abrirem seu código',
} as const;
