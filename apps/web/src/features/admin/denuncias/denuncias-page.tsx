import { Stack, Text, Title } from '@mantine/core';
import { DENUNCIA_STATUS, DENUNCIA_STATUS_LABELS, type DenunciaStatus, formatInstantBR } from '@pulso/domain';
import { useState } from 'react';
import { pageTitles } from '../../../lib/paths.ts';
import { LabelledSegmentedControl } from '../../../ui/labelled-segmented-control.tsx';
import { LoadMoreButton } from '../../../ui/load-more-button.tsx';
import { QueryView } from '../../../ui/query-view.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { RecordCard, RecordList } from '../shared/record-card.tsx';
import { statusFilter } from '../shared/status-filter.ts';
import { DenunciaForm, STATUS_OPTIONS } from './denuncia-form.tsx';
import { useDenuncias } from './denuncias-api.ts';

const FILTROS = [...STATUS_OPTIONS, { value: 'todas', label: 'Todas' }];
const BADGE: Record<DenunciaStatus, string> = {
  aberta: 'red.9',
  em_analise: 'indigo.9',
  resolvida: 'teal.9',
};

/**
 * Reports against doctors (issue 9 "Reports"; admin and support): filtered
 * by status (open first), newest first, 30 at a time; each with the
 * patient, the doctor, the reason and the date, and a form to change its
 * status and note.
 */
export default function DenunciasPage() {
  useDocumentTitle(pageTitles.adminDenuncias);
  const [filtro, setFiltro] = useState('aberta');
  const status = statusFilter(filtro, DENUNCIA_STATUS);
  const denuncias = useDenuncias(status);
  return (
    <Stack gap="lg">
      <Title order={1}>{pageTitles.adminDenuncias}</Title>
      <LabelledSegmentedControl
        id="denuncias-filtro"
        label="Situação"
        data={FILTROS}
        value={filtro}
        onChange={setFiltro}
      />
      <QueryView query={denuncias} errorTitle="Não foi possível carregar as denúncias">
        {(data) => {
          const rows = data.pages.flatMap((p) => p.denuncias);
          return rows.length === 0 ? (
            <Text>
              Nenhuma denúncia {status ? `com a situação '${DENUNCIA_STATUS_LABELS[status]}'` : 'registrada'}.
            </Text>
          ) : (
            <>
              <RecordList>
                {rows.map((d) => (
                  <RecordCard
                    key={d.id}
                    titleId={`denuncia-${d.id}`}
                    title={`Denúncia nº ${d.id} contra ${d.medico.name}`}
                    badge={{ label: DENUNCIA_STATUS_LABELS[d.status], color: BADGE[d.status] }}
                  >
                    <Text size="sm">
                      Feita por {d.paciente.name} ({d.paciente.email}) em {formatInstantBR(d.created_at)}
                    </Text>
                    <Text style={{ whiteSpace: 'pre-wrap' }}>
                      <Text span fw={500}>
                        Motivo:{' '}
                      </Text>
                      {d.motivo}
                    </Text>
                    <DenunciaForm key={`${d.id}-${d.updated_at}`} denuncia={d} />
                  </RecordCard>
                ))}
              </RecordList>
              <LoadMoreButton query={denuncias} />
            </>
          );
        }}
      </QueryView>
    </Stack>
  );
}
