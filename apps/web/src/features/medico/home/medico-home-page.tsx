import { Text, Title } from '@mantine/core';
import { MEDICO_STATUS, type MedicoStatus } from '@pulso/domain';
import { Link } from 'react-router';
import { pageTitles, paths } from '../../../lib/paths.ts';
import { Icon, type IconName } from '../../../ui/icon.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useMedicoMe } from '../api/get-medico-me.ts';
import classes from './medico-home-page.module.css';

interface Card {
  key: string;
  to: string;
  icon: IconName;
  count: number;
  title: string;
  detail: string;
}

/**
 * /medico, the doctor area's home (issue 6 "Doctors"): a greeting, the
 * doctor's status in words, and one card per counter of `GET /api/medico/me`
 * `resumo` (requests waiting, sessions in progress, unread messages), each
 * opening its list. Requests answered until none is left return here
 * (docs/telemedicine.md "Requests waiting").
 */
export default function MedicoHomePage() {
  useDocumentTitle(pageTitles.medico);
  const { data } = useMedicoMe();
  // The shell renders pages only once the doctor is known.
  if (!data) return null;
  const { medico, resumo } = data;
  const ativos = `${paths.medicoAtendimentos}?status=ativos`;
  const cards: Card[] = [
    {
      key: 'solicitacoes',
      to: paths.medicoSolicitacoes,
      icon: 'inbox',
      count: resumo.solicitacoes,
      title: resumo.solicitacoes === 1 ? 'Solicitação pendente' : 'Solicitações pendentes',
      detail:
        resumo.solicitacoes === 0
          ? 'Nenhum paciente esperando sua resposta.'
          : 'Pacientes esperando que você aceite ou recuse.',
    },
    {
      key: 'ativos',
      to: ativos,
      icon: 'chat',
      count: resumo.ativos,
      title: resumo.ativos === 1 ? 'Atendimento em andamento' : 'Atendimentos em andamento',
      detail: 'Conversas abertas com seus pacientes.',
    },
    {
      key: 'mensagens',
      to: ativos,
      icon: 'mail',
      count: resumo.mensagens_novas,
      title: resumo.mensagens_novas === 1 ? 'Mensagem não lida' : 'Mensagens não lidas',
      detail: 'Mensagens de pacientes que você ainda não leu.',
    },
  ];

  return (
    <div className={classes.page}>
      <div>
        <Title order={1} className={classes.title}>
          Olá, {medico.name}
        </Title>
        <Text mt={4}>
          Seu status agora: <strong>{MEDICO_STATUS[medico.status as MedicoStatus]}</strong>. Os pacientes veem
          seu status na busca de médicos e no seu perfil; mude-o no alto da página.
        </Text>
      </div>
      <section aria-labelledby="medico-resumo">
        <Title order={2} size="h4" id="medico-resumo" className={classes.sectionTitle}>
          Resumo
        </Title>
        <ul className={classes.cards}>
          {cards.map((card) => (
            <li key={card.key}>
              <Link to={card.to} className={classes.card} data-pending={card.count > 0 || undefined}>
                <span className={classes.cardIcon}>
                  <Icon name={card.icon} size={24} />
                </span>
                <span className={classes.cardText}>
                  <span className={classes.cardCount}>{card.count}</span>
                  <span className={classes.cardTitle}>{card.title}</span>
                  <span className={classes.cardDetail}>{card.detail}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="medico-passes" className={classes.passes}>
        <Title order={2} size="h4" id="medico-passes" className={classes.sectionTitle}>
          Passes
        </Title>
        <Text>
          Um passe é um código que você entrega a um paciente para que ele peça um atendimento a você sem
          precisar de plano ou de compra avulsa.
        </Text>
        <Link to={paths.medicoPasses} className={classes.passesLink}>
          <Icon name="ticket" size={20} />
          Gerar ou ver passes
        </Link>
      </section>
    </div>
  );
}
