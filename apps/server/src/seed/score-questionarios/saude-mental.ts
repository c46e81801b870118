import { a, frequenciaBoa, frequenciaRuim, type SeededScoreQuestion } from './seeded-question.ts';

/** The questionnaire 'Saúde Mental': mood, anxiety, stress, rest, concentration, support, leisure and self-regard. */
export const SAUDE_MENTAL: readonly SeededScoreQuestion[] = [
  {
    questoes: 'Nas últimas duas semanas, com que frequência você se sentiu alegre e de bom humor?',
    alternativas: frequenciaBoa,
  },
  {
    questoes: 'Nas últimas duas semanas, com que frequência você se sentiu calmo(a) e tranquilo(a)?',
    alternativas: frequenciaBoa,
  },
  {
    questoes:
      'Nas últimas duas semanas, com que frequência você se sentiu nervoso(a), ansioso(a) ou muito preocupado(a)?',
    alternativas: frequenciaRuim,
  },
  {
    questoes:
      'Nas últimas duas semanas, com que frequência você teve pouco interesse ou prazer em fazer as coisas de que costuma gostar?',
    alternativas: frequenciaRuim,
  },
  {
    questoes: 'Como você avalia o estresse no seu dia a dia?',
    alternativas: [
      a('Baixo: quase sempre consigo lidar bem com as situações', 10),
      a('Moderado: às vezes fico sobrecarregado(a), mas dou conta', 7),
      a('Alto: me sinto sobrecarregado(a) na maior parte dos dias', 3),
      a('Muito alto: sinto que não estou dando conta', 0),
    ],
  },
  {
    questoes: 'Nas últimas duas semanas, você acordou descansado(a) e com energia para o dia?',
    alternativas: [
      a('Sim, quase sempre', 10),
      a('Na maior parte dos dias', 7),
      a('Em poucos dias', 3),
      a('Não, quase nunca', 0),
    ],
  },
  {
    questoes:
      'Você tem conseguido se concentrar nas suas atividades, como trabalho, estudo, leitura ou um programa de TV?',
    alternativas: [
      a('Sim, sem dificuldade', 10),
      a('Na maior parte do tempo', 7),
      a('Com dificuldade, em muitos momentos', 3),
      a('Quase nunca consigo', 0),
    ],
  },
  {
    questoes: 'Quando algo preocupa você, tem alguém com quem possa conversar?',
    alternativas: [
      a('Sim, sempre tenho', 10),
      a('Na maioria das vezes', 7),
      a('Raramente', 3),
      a('Não tenho com quem conversar', 0),
    ],
  },
  {
    questoes: 'Com que frequência você consegue reservar um tempo para relaxar ou fazer algo de que gosta?',
    alternativas: [
      a('Todos os dias', 10),
      a('Algumas vezes por semana', 7),
      a('Raramente', 3),
      a('Nunca', 0),
    ],
  },
  {
    questoes: 'De modo geral, como você se sente em relação a si mesmo(a)?',
    alternativas: [
      a('Muito satisfeito(a)', 10),
      a('Satisfeito(a)', 8),
      a('Nem satisfeito(a) nem insatisfeito(a)', 5),
      a('Insatisfeito(a)', 2),
      a('Muito insatisfeito(a)', 0),
    ],
  },
];
