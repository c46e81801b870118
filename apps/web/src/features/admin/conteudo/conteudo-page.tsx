import { Stack, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { pageTitles } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { PaginaTab } from './pagina-tab.tsx';
import { ScoreTab } from './score-tab.tsx';
import { TextosTab } from './textos-tab.tsx';

/** The tabs of the page, by their `?aba=` value. */
const ABAS = [
  { value: 'faqs', label: 'Perguntas frequentes' },
  { value: 'dicas', label: 'Dicas' },
  { value: 'termos', label: 'Termos de uso' },
  { value: 'politica', label: 'Política de privacidade' },
  { value: 'score', label: 'Score' },
] as const;
type Aba = (typeof ABAS)[number]['value'];

/**
 * /admin/conteudo (issue 9 "Content", admins only): the FAQs, the health
 * tips, the terms of use, the privacy policy and the score questionnaires,
 * one tab each (the tab is kept in `?aba=`, so it can be linked and
 * survives a reload).
 */
export default function ConteudoPage() {
  useDocumentTitle(pageTitles.adminConteudo);
  const [params, setParams] = useSearchParams();
  const requested = params.get('aba');
  const aba: Aba = ABAS.some((a) => a.value === requested) ? (requested as Aba) : 'faqs';

  return (
    <Stack gap="lg">
      <Title order={1}>{pageTitles.adminConteudo}</Title>
      <Tabs
        value={aba}
        onChange={(value) => value && setParams({ aba: value }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {ABAS.map((a) => (
            <Tabs.Tab key={a.value} value={a.value}>
              {a.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="faqs" pt="md">
          <TextosTab tipo="faqs" />
        </Tabs.Panel>
        <Tabs.Panel value="dicas" pt="md">
          <TextosTab tipo="dicas" />
        </Tabs.Panel>
        <Tabs.Panel value="termos" pt="md">
          <PaginaTab slug="termos" />
        </Tabs.Panel>
        <Tabs.Panel value="politica" pt="md">
          <PaginaTab slug="politica" />
        </Tabs.Panel>
        <Tabs.Panel value="score" pt="md">
          <ScoreTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
