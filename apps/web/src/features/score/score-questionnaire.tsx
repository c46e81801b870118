import { Button, Group, Radio, Text } from '@mantine/core';
import { type ScoreQuestionView, type ScoreResposta, scoreRespostas } from '@pulso/domain';
import { useEffect, useId, useRef, useState } from 'react';
import classes from './score.module.css';

/**
 * Hint under the alternatives while none is chosen (docs/indicators-and-score.md "Answering": Próxima and Enviar
 * disabled).
 */
export const ESCOLHA_HINT = 'Escolha uma alternativa para continuar.';

/**
 * One questionnaire, one question at a time
 * (docs/indicators-and-score.md "Answering"): 'Pergunta n/total', the question
 * as a heading that takes the focus whenever a question appears, its
 * alternatives as a radio group (native radios of one name: Tab enters the
 * group, the arrow keys choose), Voltar (keeps the answers given), Próxima
 * and, on the last question, Enviar; both disabled until an alternative of the
 * question on screen is chosen. Enter on a chosen alternative acts as
 * Próxima/Enviar. `onSubmit` receives one answer per question in order
 * (`alternativa` the chosen position, 0-based, `null` when none: 0 points).
 */
export function ScoreQuestionnaire({
  questions,
  sending,
  onSubmit,
}: {
  questions: readonly ScoreQuestionView[];
  sending: boolean;
  onSubmit: (respostas: ScoreResposta[]) => void;
}) {
  const ids = { question: useId(), hint: useId(), group: useId() };
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [index, setIndex] = useState(0);
  const [chosen, setChosen] = useState<Record<number, number>>({});

  const total = questions.length;
  const question = questions[Math.min(index, total - 1)];
  const last = index >= total - 1;

  // A new question on screen takes the focus on its heading, so a screen reader reads the counter
  // and the text: the first one when the questionnaire opens, the others when Próxima or Voltar is
  // pressed (the heading stays the same element, its text changes).
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const goTo = (next: number) => {
    setIndex(next);
    headingRef.current?.focus();
  };

  if (!question) return null;
  const answer = chosen[question.id];
  const answered = answer !== undefined;

  const advance = () => {
    if (!answered || sending) return;
    if (last) onSubmit(scoreRespostas(questions, chosen));
    else goTo(index + 1);
  };

  return (
    <form
      className={classes.question}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        advance();
      }}
    >
      <div
        className={classes.progress}
        style={{ ['--progress' as string]: `${((index + 1) / total) * 100}%` }}
        aria-hidden="true"
      />
      <h2 ref={headingRef} tabIndex={-1} className={classes.questionHeading}>
        <span className={classes.counter}>
          Pergunta {index + 1}/{total}
        </span>
        <span id={ids.question} className={classes.questionText}>
          {question.questoes}
        </span>
      </h2>
      <div
        role="radiogroup"
        key={question.id}
        aria-labelledby={ids.question}
        aria-describedby={answered ? undefined : ids.hint}
        className={classes.alternativas}
      >
        {question.alternativas.map((alternativa, position) => (
          <Radio
            // The position is the alternative's identity on the wire (docs/api/indicadores-score-profissional.md).
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={position}
            name={`${ids.group}-${question.id}`}
            value={String(position)}
            checked={answer === position}
            onChange={() => setChosen((prev) => ({ ...prev, [question.id]: position }))}
            label={alternativa.texto}
            size="md"
            disabled={sending}
            classNames={{
              root: classes.alternativa,
              radio: classes.alternativaRadio,
              body: classes.alternativaBody,
              label: classes.alternativaLabel,
              labelWrapper: classes.alternativaLabelWrapper,
            }}
          />
        ))}
      </div>
      <Text id={ids.hint} size="sm" c="dimmed" className={classes.hint}>
        {answered ? '' : ESCOLHA_HINT}
      </Text>
      <Group justify="space-between" gap="sm" className={classes.actions}>
        <Button
          variant="default"
          size="md"
          disabled={index === 0 || sending}
          onClick={() => goTo(Math.max(0, index - 1))}
        >
          Voltar
        </Button>
        <Button type="submit" size="md" disabled={!answered} loading={last && sending}>
          {last ? 'Enviar' : 'Próxima'}
        </Button>
      </Group>
    </form>
  );
}
