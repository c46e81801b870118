import { Button, Stack, Table, Text, Title } from '@mantine/core';
import {
  CUPOM_SITUACAO_LABELS,
  type CupomAdminView,
  formatCentavos,
  formatDateBR,
  PERIODO_LABELS,
  PLANO_TIPOS,
  type PlanoAdminView,
} from '@pulso/domain';
import { useState } from 'react';
import { pageTitles } from '../../../lib/paths.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { QueryView } from '../../../ui/query-view.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { StateBadge } from '../shared/state-badge.tsx';
import { AtendimentoValorSection } from './atendimento-valor-section.tsx';
import { CupomFormModal } from './cupom-form-modal.tsx';
import { PageSection } from './page-section.tsx';
import { PlanoFormModal } from './plano-form-modal.tsx';
import { useCuponsAdmin, usePlanosAdmin } from './planos-api.ts';

/** An open dialog: a new record (`null`) or the one being edited. */
type Editing<T> = { item: T | null } | null;

/** A row's 'Editar' button, named for the record it edits. */
function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button size="compact-sm" variant="default" aria-label={label} onClick={onClick}>
      Editar
    </Button>
  );
}

function PlanosSection() {
  const planos = usePlanosAdmin();
  const [editing, setEditing] = useState<Editing<PlanoAdminView>>(null);
  return (
    <PageSection
      titleId="planos-titulo"
      title="Planos"
      action={<Button onClick={() => setEditing({ item: null })}>Novo plano</Button>}
    >
      <QueryView query={planos} errorTitle="Não foi possível carregar os planos">
        {({ planos: rows }) =>
          rows.length === 0 ? (
            <Text>Nenhum plano cadastrado.</Text>
          ) : (
            <DataTable
              label="Planos"
              minWidth={640}
              columns={[
                'Plano',
                'Preço',
                'Período',
                'Tipo',
                'Id no provedor',
                'Assinaturas ativas',
                'Situação',
              ]}
              actions
            >
              {rows.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Th scope="row">{p.nome}</Table.Th>
                  <Table.Td>{formatCentavos(p.preco)}</Table.Td>
                  <Table.Td>{PERIODO_LABELS[p.periodo]}</Table.Td>
                  <Table.Td>{PLANO_TIPOS[p.tipo as keyof typeof PLANO_TIPOS] ?? `Tipo ${p.tipo}`}</Table.Td>
                  <Table.Td>{p.stripe_plan ?? '—'}</Table.Td>
                  <Table.Td>{p.assinaturas_ativas}</Table.Td>
                  <Table.Td>
                    <StateBadge on={p.ativo} labels={['À venda', 'Fora de venda']} />
                  </Table.Td>
                  <Table.Td>
                    <EditButton label={`Editar plano ${p.nome}`} onClick={() => setEditing({ item: p })} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          )
        }
      </QueryView>
      <PlanoFormModal
        opened={editing !== null}
        plano={editing?.item ?? null}
        onClose={() => setEditing(null)}
      />
    </PageSection>
  );
}

function CuponsSection() {
  const cupons = useCuponsAdmin();
  const [editing, setEditing] = useState<Editing<CupomAdminView>>(null);
  return (
    <PageSection
      titleId="cupons-titulo"
      title="Cupons"
      action={<Button onClick={() => setEditing({ item: null })}>Novo cupom</Button>}
    >
      <Text size="sm">Os cupons dão desconto no kit de adesivos QR Code.</Text>
      <QueryView query={cupons} errorTitle="Não foi possível carregar os cupons">
        {({ cupons: rows }) =>
          rows.length === 0 ? (
            <Text>Nenhum cupom cadastrado.</Text>
          ) : (
            <DataTable
              label="Cupons"
              minWidth={600}
              columns={['Cupom', 'Desconto', 'Válido até', 'Usos', 'Situação']}
              actions
            >
              {rows.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Th scope="row">{c.nome}</Table.Th>
                  <Table.Td>{c.desconto}%</Table.Td>
                  <Table.Td>{c.valido_ate ? formatDateBR(c.valido_ate) : 'Sem prazo'}</Table.Td>
                  <Table.Td>
                    {c.usos}
                    {c.limite_usos === null ? ' (sem limite)' : ` de ${c.limite_usos}`}
                  </Table.Td>
                  <Table.Td>
                    <StateBadge
                      on={c.situacao === 'ativo'}
                      labels={[CUPOM_SITUACAO_LABELS.ativo, CUPOM_SITUACAO_LABELS[c.situacao]]}
                    />
                  </Table.Td>
                  <Table.Td>
                    <EditButton label={`Editar cupom ${c.nome}`} onClick={() => setEditing({ item: c })} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          )
        }
      </QueryView>
      <CupomFormModal
        opened={editing !== null}
        cupom={editing?.item ?? null}
        onClose={() => setEditing(null)}
      />
    </PageSection>
  );
}

/**
 * Plans, coupons and the single-consultation price (issue 9 "Content";
 * admins only): the plans with their prices and whether they are on sale,
 * the coupons with their uses, each edited in a dialog, and the price of a
 * single teleconsultation. Money is typed in reais and sent as centavos.
 */
export default function PlanosPage() {
  useDocumentTitle(pageTitles.adminPlanos);
  return (
    <Stack gap="xl">
      <Title order={1}>{pageTitles.adminPlanos}</Title>
      <PlanosSection />
      <CuponsSection />
      <AtendimentoValorSection />
    </Stack>
  );
}
