import { CONTEUDO_MESSAGES } from '@pulso/domain';
import { pageTitles } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { TextListPage } from '../text-list-page.tsx';
import { useDicas } from './api/get-dicas.ts';

/**
 * /dicas, 'Dicas de saúde' (docs/indicators-and-score.md "Tips and FAQ": an
 * expandable list of tips, each with a title and content; `GET /api/dicas`;
 * issue 7 "Content"). Each tip is a heading with a button that opens its text
 * (several may be open at once); the text's blank lines split paragraphs.
 * Loading, error ('Tentar novamente') and empty states.
 */
export default function DicasPage() {
  useDocumentTitle(pageTitles.dicas);
  return (
    <TextListPage
      title={pageTitles.dicas}
      intro="Orientações simples para o dia a dia. Toque em uma dica para ler."
      query={useDicas()}
      errorTitle={CONTEUDO_MESSAGES.dicasError}
      emptyMessage={CONTEUDO_MESSAGES.dicasEmpty}
      items={(data) => data.dicas.map((x) => ({ id: x.id, title: x.title, text: x.content }))}
    />
  );
}
