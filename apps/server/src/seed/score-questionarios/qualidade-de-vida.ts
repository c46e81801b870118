import { a, type SeededScoreQuestion } from './seeded-question.ts';

/** The questionnaire 'Qualidade de Vida': relationships, leisure, work, safety, money, access to care and purpose; its 11th question (commuting) is in no quiz. */
export const QUALIDADE_DE_VIDA: readonly SeededScoreQuestion[] = [
  {
    questoes: 'De modo geral, como você avalia a sua qualidade de vida?',
    alternativas: [
      a('Muito boa', 10),
      a('Boa', 8),
      a('Nem boa nem ruim', 5),
      a('Ruim', 2),
      a('Muito ruim', 0),
    ],
  },
  {
    questoes: 'Quão satisfeito(a) você está com suas relações com a família e os amigos?',
    alternativas: [
      a('Muito satisfeito(a)', 10),
      a('Satisfeito(a)', 8),
      a('Nem satisfeito(a) nem insatisfeito(a)', 5),
      a('Insatisfeito(a)', 2),
      a('Muito insatisfeito(a)', 0),
    ],
  },
  {
    questoes:
      'Com que frequência você encontra ou conversa com amigos ou familiares de quem gosta (pessoalmente, por telefone ou por mensagens)?',
    alternativas: [
      a('Quase todos os dias', 10),
      a('Uma ou duas vezes por semana', 7),
      a('Algumas vezes por mês', 4),
      a('Raramente ou nunca', 0),
    ],
  },
  {
    questoes: 'Você tem tempo para lazer e para atividades de que gosta?',
    alternativas: [
      a('Sim, o suficiente', 10),
      a('Na maior parte das semanas', 7),
      a('Pouco', 3),
      a('Quase nenhum', 0),
    ],
  },
  {
    questoes:
      'Quão satisfeito(a) você está com o seu trabalho ou sua ocupação principal (incluindo estudos ou cuidados com a casa e a família)?',
    alternativas: [
      a('Muito satisfeito(a)', 10),
      a('Satisfeito(a)', 8),
      a('Nem satisfeito(a) nem insatisfeito(a)', 5),
      a('Insatisfeito(a)', 2),
      a('Muito insatisfeito(a)', 0),
    ],
  },
  {
    questoes: 'Você consegue equilibrar o tempo entre obrigações (trabalho, estudos, casa) e descanso?',
    alternativas: [
      a('Sim, quase sempre', 10),
      a('Na maior parte do tempo', 7),
      a('Raramente', 3),
      a('Não consigo', 0),
    ],
  },
  {
    questoes: 'Quão seguro(a) você se sente no dia a dia, em casa e no lugar onde mora?',
    alternativas: [
      a('Muito seguro(a)', 10),
      a('Seguro(a)', 7),
      a('Pouco seguro(a)', 3),
      a('Nada seguro(a)', 0),
    ],
  },
  {
    questoes: 'Quanto as preocupações com dinheiro para as necessidades básicas afetam o seu dia a dia?',
    alternativas: [a('Nada', 10), a('Um pouco', 7), a('Bastante', 3), a('Extremamente', 0)],
  },
  {
    questoes:
      'Quando precisa, você consegue atendimento de saúde (UBS, plano de saúde, farmácia, pronto atendimento)?',
    alternativas: [
      a('Sim, sem dificuldade', 10),
      a('Sim, com alguma dificuldade', 6),
      a('Com muita dificuldade', 3),
      a('Não consigo', 0),
    ],
  },
  {
    questoes: 'Quanto você sente que a sua vida tem sentido ou propósito?',
    alternativas: [
      a('Completamente', 10),
      a('Bastante', 8),
      a('Mais ou menos', 5),
      a('Muito pouco', 2),
      a('Nada', 0),
    ],
  },
  {
    questoes:
      'Quanto tempo, somando ida e volta, você passa por dia no deslocamento para o trabalho ou os estudos?',
    alternativas: [
      a('Menos de 30 minutos', 10),
      a('De 30 minutos a 1 hora', 7),
      a('De 1 a 2 horas', 3),
      a('Mais de 2 horas', 0),
    ],
    noQuiz: true,
  },
];
