/**
 * Bodies a route accepts, by `METHOD url`: the fuzz suite changes one field
 * of them at a time (junk, a huge number, control characters), so the other
 * fields pass and the changed one reaches the service and the database —
 * what a value drawn from the schema alone rarely does (dates, refinements).
 * A route missing here is still fuzzed from its schema.
 */
export function validExamples(ids: {
  cidade: number;
  userId: number;
}): Record<string, Record<string, unknown>> {
  const today = new Date().toISOString().slice(0, 10);
  const afericao = { data_afericao: '2026-01-05', time_afericao: '08:30' };
  return {
    'PUT /api/home/pessoal': {
      telefone: '11987654321',
      contato: 'João',
      contato_telefone: '11912345678',
      contato_relacao: 'C',
    },
    'PUT /api/home/caracteristicas': { peso: 70.5, altura: 1.7, cor: 1, olhos: 2, sinal: 'Cicatriz' },
    'PUT /api/home/geral': {
      nascimento: '1980-05-17',
      sexo: 'F',
      sangue: 1,
      endereco: 'Rua A, 1',
      bairro: 'Centro',
      cidade_id: ids.cidade,
      complemento: 'Apto 2',
    },
    'PUT /api/saude': { adicional: 'Asma leve', alergias: 'Dipirona', sus: '' },
    'PUT /api/outras': { doador: 'S' },
    'POST /api/home/pressao': { sis: 120, dia: 80, ...afericao },
    'POST /api/home/imc': { peso: 70, ...afericao },
    'POST /api/home/oxigenacao': { saturacao: 97, bpm: 70, ...afericao },
    'POST /api/home/glicose': { value: 95, time_of_day: 2, ...afericao },
    'PATCH /api/home/glicose/:id': { index: 1, value: 100, ...afericao },
    'PUT /api/timeline/item/:id': {
      data: today,
      valor: '150.00',
      descricao: 'Consulta',
      medico_name: 'Dra. Ana',
    },
    'POST /api/timeline/item': { tipo: 1, data: today, valor: '10.00', descricao: 'Exame' },
    'PUT /api/qrcode/purchase': {
      endereco: 'Rua A, 1',
      bairro: 'Centro',
      cidade: { id: ids.cidade, descricao: 'São Paulo - SP' },
      cep: '01001000',
    },
    'POST /api/sandbox/payment-methods': {
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2031,
      cvc: '123',
    },
    'PUT /api/permissoes': { saude: 2 },
    'PUT /api/permissoes/timeline': { timeline: true },
    'PUT /api/doencas': { doencas: [{ id: 1, checked: true }] },
    'POST /api/score/result': { categoria: 'Saúde Física', respostas: [{ question_id: 1, alternativa: 0 }] },
    'PUT /api/telemedicina/medicos/search': { cidade: ids.cidade, clinica: null, especialidade: null },
    'POST /api/telemedicina/atendimento/medico/:id': { motivo: 'Dor de cabeça', pass: null },
    'POST /api/denunciar/medico/:id': { motivo: 'Não respondeu' },
    'POST /api/telemedicina/atendimento/:id/mensagem': { type: 'T', content: 'Olá' },
    'PUT /api/telemedicina/atendimento/:id/recusar': {
      recusado_motivo: 1,
      recusado_comentario: 'Agenda cheia',
    },
    'PUT /api/medico/status': { status: 2 },
    'PUT /api/medico/bloqueio/:userId': { bloqueado: true },
    'POST /api/admin/lotes': { quantidade: 2 },
    'POST /api/admin/empresas': { nome: 'Empresa', cnpj: null },
    'POST /api/admin/empresas/:id/convites': { count: 1 },
    'POST /api/admin/planos': {
      nome: 'Plano',
      preco: 790,
      periodo: 'M',
      tipo: 1,
      descricao: null,
      ativo: true,
    },
    'POST /api/admin/cupons': { nome: 'CUPOM5', desconto: 5, valido_ate: null, limite_usos: 10, ativo: true },
    'PUT /api/admin/atendimento-valor': { atendimento_valor: 4990 },
    'POST /api/admin/conteudo/faqs': { question: 'Como funciona?', answer: 'Assim.', ativo: true },
    'POST /api/admin/conteudo/dicas': { title: 'Beba água', content: 'Todos os dias.', ativo: true },
    'PUT /api/admin/conteudo/faqs/ordem': { ids: [1, 2] },
    'PUT /api/admin/conteudo/dicas/ordem': { ids: [1, 2] },
    'POST /api/admin/conteudo/score/questions': {
      categoria: 'Saúde Física',
      questoes: 'Você se exercita?',
      alternativas: [
        { texto: 'Sim', pontos: 0 },
        { texto: 'Não', pontos: 0 },
      ],
    },
    'PUT /api/admin/denuncias/:id': { status: 'em_analise', nota: 'Vendo' },
    'POST /api/admin/pedidos/:id/enviar': { rastreio: 'AA123456789BR' },
    'PUT /api/admin/profissionais/:id': { status: 'verificado' },
    'PUT /api/admin/medicos/:id/suspensao': { ativo: false },
    'POST /api/admin/medicos': {
      name: 'Dra. Ana',
      email: `ana.${ids.userId}@exemplo.com.br`,
      password: 'senha-segura-1',
      crms: [{ numero: '12345', uf: 'SP' }],
      especialidades: [],
      clinicas: [],
    },
  };
}
