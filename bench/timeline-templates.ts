/** The timeline benchmark's record templates: real-looking pt-BR text with accents, the row number appended to each. */
export const TEMPLATES: {
  tipo: number;
  descricao: string;
  medico_name: string | null;
  valor: string | null;
}[] = [
  {
    tipo: 1,
    descricao: 'Consulta de rotina com cardiologista, pressão controlada',
    medico_name: 'Dra. Paula Lima',
    valor: '350.00',
  },
  {
    tipo: 2,
    descricao: 'Ecocardiograma transtorácico solicitado',
    medico_name: 'Dr. Marcos Teixeira',
    valor: null,
  },
  {
    tipo: 3,
    descricao: 'Resultado do hemograma completo dentro da normalidade',
    medico_name: null,
    valor: '45.90',
  },
  {
    tipo: 4,
    descricao: 'Receita de losartana 50 mg, uso contínuo',
    medico_name: 'Dra. Paula Lima',
    valor: null,
  },
  { tipo: 5, descricao: 'Anotação: dor de cabeça leve depois do plantão', medico_name: null, valor: null },
  { tipo: 7, descricao: 'Vacinação contra influenza, dose anual', medico_name: null, valor: '0.00' },
  {
    tipo: 1,
    descricao: 'Consulta com ortopedista por dor no joelho direito',
    medico_name: 'Dr. José Albuquerque',
    valor: '280.00',
  },
  {
    tipo: 2,
    descricao: 'Exame de sangue: glicemia de jejum e colesterol',
    medico_name: 'Dra. Helena Prado',
    valor: '120.00',
  },
  {
    tipo: 3,
    descricao: 'Ressonância magnética do joelho sem alterações',
    medico_name: null,
    valor: '900.00',
  },
  {
    tipo: 4,
    descricao: 'Receita de amoxicilina por sete dias',
    medico_name: 'Dr. Rafael Nunes',
    valor: null,
  },
  { tipo: 7, descricao: 'Vacina contra hepatite B, segunda dose', medico_name: null, valor: null },
  {
    tipo: 1,
    descricao: 'Retorno com endocrinologista, ajuste da metformina',
    medico_name: 'Dra. Helena Prado',
    valor: '300.00',
  },
];
