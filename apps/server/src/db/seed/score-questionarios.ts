import type { ScoreAlternativa, ScoreCategoria } from '@pulso/domain';

/** The health score's first questionnaires (docs/indicators-and-score.md "Questionnaires"), seeded by score.ts. */

/** A seeded question: its text, its alternatives in the order shown, and whether some quiz serves it. */
export interface SeededScoreQuestion {
  questoes: string;
  alternativas: ScoreAlternativa[];
  /**
   * `true`: kept out of every quiz (a draft), so `GET /api/questions` never serves it
   * (docs/indicators-and-score.md "Health score").
   */
  noQuiz?: true;
}

const a = (texto: string, pontos: number): ScoreAlternativa => ({ texto, pontos });

/** Frequency over the last two weeks, the good side first (10 … 0 points). */
const frequenciaBoa = [
  a('Todo o tempo', 10),
  a('A maior parte do tempo', 8),
  a('Metade do tempo', 5),
  a('Algumas vezes', 3),
  a('Nunca', 0),
];

/** Frequency of something that weighs on health, the good side (never) first. */
const frequenciaRuim = [
  a('Nunca', 10),
  a('Raramente', 8),
  a('Em alguns dias', 5),
  a('Em mais da metade dos dias', 3),
  a('Quase todos os dias', 0),
];

/**
 * The three questionnaires (issue 7 "Health score"): ten questions per
 * category, each worth 0 to 10 points, so that a category's total runs
 * 0–100 and a higher score means better health habits and well-being.
 * Written as a careful health professional would ask a patient about their
 * last two weeks or their routine (mood, stress, sleep, activity, eating,
 * tobacco and alcohol, pain, relationships, leisure, work, safety, access
 * to care), after Brazilian public-health guidance (Guia Alimentar para a
 * População Brasileira, Guia de Atividade Física para a População
 * Brasileira); never a diagnosis. 'Qualidade de Vida' carries an 11th
 * question in no quiz, which is never served.
 */
export const SCORE_QUESTIONARIOS: Record<ScoreCategoria, readonly SeededScoreQuestion[]> = {
  'Saúde Mental': [
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
  ],
  'Saúde Física': [
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
  ],
  'Qualidade de Vida': [
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
  ],
};
