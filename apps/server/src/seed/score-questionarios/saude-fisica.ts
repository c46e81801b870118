import { a, frequenciaRuim, type SeededScoreQuestion } from './seeded-question.ts';

/** The questionnaire 'Saúde Física': activity, sitting, eating, water, sleep, tobacco, alcohol, pain and check-ups. */
export const SAUDE_FISICA: readonly SeededScoreQuestion[] = [
  {
    questoes:
      'Em quantos dias da semana você faz pelo menos 30 minutos de atividade física, como caminhada, bicicleta, dança, esporte ou academia?',
    alternativas: [a('5 dias ou mais', 10), a('3 ou 4 dias', 7), a('1 ou 2 dias', 4), a('Nenhum dia', 0)],
  },
  {
    questoes: 'Quantas horas por dia você costuma passar sentado(a), somando trabalho, transporte e telas?',
    alternativas: [
      a('Menos de 4 horas', 10),
      a('De 4 a 6 horas', 7),
      a('De 7 a 9 horas', 3),
      a('10 horas ou mais', 0),
    ],
  },
  {
    questoes: 'Em quantos dias da semana você come frutas, verduras ou legumes?',
    alternativas: [
      a('Todos os dias', 10),
      a('De 4 a 6 dias', 7),
      a('De 1 a 3 dias', 3),
      a('Raramente ou nunca', 0),
    ],
  },
  {
    questoes:
      'Com que frequência você consome ultraprocessados, como refrigerantes, salgadinhos de pacote, biscoitos recheados, embutidos ou macarrão instantâneo?',
    alternativas: [
      a('Raramente ou nunca', 10),
      a('1 ou 2 vezes por semana', 7),
      a('De 3 a 5 vezes por semana', 3),
      a('Todos os dias', 0),
    ],
  },
  {
    questoes: 'Quantos copos de água (cerca de 250 ml) você bebe por dia?',
    alternativas: [
      a('8 copos ou mais', 10),
      a('De 5 a 7 copos', 7),
      a('De 3 a 4 copos', 4),
      a('2 copos ou menos', 0),
    ],
  },
  {
    questoes: 'Quantas horas você costuma dormir por noite?',
    alternativas: [
      a('Menos de 5 horas', 0),
      a('5 horas', 3),
      a('6 horas', 6),
      a('De 7 a 9 horas', 10),
      a('Mais de 9 horas', 6),
    ],
  },
  {
    questoes: 'Você fuma cigarro, cigarro eletrônico (vape), cachimbo ou narguilé?',
    alternativas: [
      a('Nunca fumei', 10),
      a('Parei há mais de um ano', 8),
      a('Parei há menos de um ano', 6),
      a('Fumo às vezes', 2),
      a('Fumo todos os dias', 0),
    ],
  },
  {
    questoes:
      'Com que frequência você toma 4 doses ou mais de bebida alcoólica numa mesma ocasião (uma dose é uma lata de cerveja, uma taça de vinho ou uma dose de destilado)?',
    alternativas: [
      a('Nunca', 10),
      a('Menos de uma vez por mês', 7),
      a('De 1 a 3 vezes por mês', 4),
      a('Uma vez por semana ou mais', 0),
    ],
  },
  {
    questoes:
      'Nas últimas duas semanas, com que frequência alguma dor (nas costas, na cabeça, nas articulações) atrapalhou suas atividades?',
    alternativas: frequenciaRuim,
  },
  {
    questoes:
      'Quando foi sua última consulta de rotina (check-up), com medida da pressão e, se indicado, exames de sangue?',
    alternativas: [
      a('Há menos de um ano', 10),
      a('Entre um e dois anos', 6),
      a('Há mais de dois anos', 3),
      a('Nunca fiz ou não me lembro', 0),
    ],
  },
];
