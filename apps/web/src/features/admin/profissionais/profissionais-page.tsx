import { Stack, Text, Title } from '@mantine/core';
import { PROFISSIONAL_STATUS } from '@pulso/domain';
import { useState } from 'react';
import { pageTitles } from '../../../lib/paths.ts';
import { LabelledSegmentedControl } from '../../../ui/labelled-segmented-control.tsx';
import { LoadMoreButton } from '../../../ui/load-more-button.tsx';
import { QueryView } from '../../../ui/query-view.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { RecordList } from '../shared/record-card.tsx';
import { statusFilter } from '../shared/status-filter.ts';
import { useProfissionais } from './profissionais-api.ts';
import { ProfissionalCard } from './profissional-card.tsx';

const FILTROS = [
  { value: 'pendente', label: 'Pendentes' },
  { value: 'verificado', label: 'Verificados' },
  { value: 'rejeitado', label: 'Recusados' },
  { value: 'todos', label: 'Todos' },
];

/**
 * Emergency professionals' credentials (issue 9 "Emergency professionals";
 * admin only): pending first, the document photo in a dialog, verify (asked
 * again) or reject with a reason. Only verified ones count for level 3 of
 * the public view.
 */
export default function ProfissionaisPage() {
  useDocumentTitle(pageTitles.adminProfissionais);
  const [filtro, setFiltro] = useState('pendente');
  const status = statusFilter(filtro, PROFISSIONAL_STATUS);
  const list = useProfissionais(status);
  return (
    <Stack gap="lg">
      <Title order={1}>{pageTitles.adminProfissionais}</Title>
      <LabelledSegmentedControl
        id="profissionais-filtro"
        label="Situação"
        data={FILTROS}
        value={filtro}
        onChange={setFiltro}
      />
      <QueryView query={list} errorTitle="Não foi possível carregar os profissionais">
        {(data) => {
          const rows = data.pages.flatMap((p) => p.profissionais);
          return rows.length === 0 ? (
            <Text>
              {status === 'pendente'
                ? 'Nenhum cadastro aguardando verificação.'
                : 'Nenhum cadastro encontrado.'}
            </Text>
          ) : (
            <>
              <RecordList>
                {rows.map((p) => (
                  <ProfissionalCard key={p.id} p={p} />
                ))}
              </RecordList>
              <LoadMoreButton query={list} />
            </>
          );
        }}
      </QueryView>
    </Stack>
  );
}
