import { Text, Title } from '@mantine/core';
import { CONTEUDO_MESSAGES, type Contato, contatoMailto, formatWhatsapp, whatsappHref } from '@pulso/domain';
import { useId } from 'react';
import { pageTitles } from '../../../lib/paths.ts';
import { Icon } from '../../../ui/icon.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { TextListPage } from '../text-list-page.tsx';
import { useFaqs } from './api/get-faqs.ts';
import classes from './faqs-page.module.css';

/**
 * /faqs, 'Perguntas frequentes' (docs/indicators-and-score.md "Tips and FAQ":
 * a list of question and answer and the contact channels; `GET /api/faqs`;
 * issue 7 "Content"). Each question is a heading with a button that opens its
 * answer; below, 'Fale com a gente' with the e-mail (a `mailto:` link with the
 * subject 'Dúvida sobre o Pulso') and, only when the server has one
 * configured, the WhatsApp number as a wa.me link. Loading, error and empty
 * states; the channels show whenever the answer arrived, even with no FAQs.
 */
export default function FaqsPage() {
  useDocumentTitle(pageTitles.faqs);
  return (
    <TextListPage
      title={pageTitles.faqs}
      intro="Respostas para as dúvidas mais comuns sobre o Pulso."
      query={useFaqs()}
      errorTitle={CONTEUDO_MESSAGES.faqsError}
      emptyMessage={CONTEUDO_MESSAGES.faqsEmpty}
      items={(data) => data.faqs.map((x) => ({ id: x.id, title: x.question, text: x.answer }))}
      after={(data) => <ContatoSection contato={data.contato} />}
    />
  );
}

/** The contact channels: the e-mail always, WhatsApp only when configured (`whatsapp` not null). */
function ContatoSection({ contato }: { contato: Contato }) {
  const titleId = useId();
  return (
    <section className={classes.contato} aria-labelledby={titleId}>
      <Title order={2} id={titleId} className={classes.contatoTitle}>
        Fale com a gente
      </Title>
      <Text size="sm">Não encontrou sua resposta? Escreva para nós.</Text>
      <ul className={classes.channels}>
        <li>
          <Icon name="mail" size={22} aria-hidden="true" />
          <span>
            <span className={classes.channelName}>E-mail</span>
            <a href={contatoMailto(contato.email)} className={classes.channelLink}>
              {contato.email}
            </a>
          </span>
        </li>
        {contato.whatsapp !== null && (
          <li>
            <Icon name="chat" size={22} aria-hidden="true" />
            <span>
              <span className={classes.channelName}>WhatsApp</span>
              <a
                href={whatsappHref(contato.whatsapp)}
                target="_blank"
                rel="noopener noreferrer"
                className={classes.channelLink}
              >
                {formatWhatsapp(contato.whatsapp)}
                <span className={classes.visuallyHidden}> (abre o WhatsApp em outra aba)</span>
              </a>
            </span>
          </li>
        )}
      </ul>
    </section>
  );
}
