import { Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { TELEMEDICINA_MESSAGES } from '@pulso/domain';
import { Link, useSearchParams } from 'react-router';
import { pageTitles, paths } from '../../lib/paths.ts';
import { Icon } from '../../ui/icon.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { hasFilter, type MedicoFilter, useMedicosPages } from './api/get-medicos.ts';
import classes from './medicos-page.module.css';
import { MedicosSearchForm } from './search/medicos-search-form.tsx';
import cardClasses from './shared/medico-card.module.css';
import { MedicoCard } from './shared/medico-card.tsx';

function positiveId(raw: string | null): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/**
 * The applied filters from the URL (`?cidade=&cidade_nome=&clinica=&clinica_nome=&especialidade=&nome=`),
 * so that going back from a profile finds the same results.
 */
export function filterFromParams(params: URLSearchParams): MedicoFilter {
  const cidadeId = positiveId(params.get('cidade'));
  const clinicaId = positiveId(params.get('clinica'));
  const nome = params.get('nome')?.trim() ?? '';
  return {
    cidade: cidadeId === null ? null : { id: cidadeId, descricao: params.get('cidade_nome') ?? '' },
    clinica: clinicaId === null ? null : { id: clinicaId, nome: params.get('clinica_nome') ?? '' },
    especialidade: positiveId(params.get('especialidade')),
    nome: nome === '' ? null : nome.slice(0, 100),
  };
}

/** The URL query of a filter (see {@link filterFromParams}). */
export function paramsFromFilter(filter: MedicoFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.cidade) {
    params.set('cidade', String(filter.cidade.id));
    params.set('cidade_nome', filter.cidade.descricao);
  }
  if (filter.clinica) {
    params.set('clinica', String(filter.clinica.id));
    params.set('clinica_nome', filter.clinica.nome);
  }
  if (filter.especialidade !== null) params.set('especialidade', String(filter.especialidade));
  if (filter.nome) params.set('nome', filter.nome);
  return params;
}

/** '1 médico encontrado', '12 médicos encontrados', 'Mostrando 10 de 12 médicos'. */
export function medicosCountLine(shown: number, total: number): string {
  if (shown < total) return `Mostrando ${shown} de ${total} médicos`;
  return total === 1 ? '1 médico encontrado' : `${total} médicos encontrados`;
}

/**
 * /telemedicina/medicos (docs/telemedicine.md "Finding a doctor"; issue 6): the
 * doctor search. Without filters every listable doctor (`GET
 * …/medicos/all[/:offset]`); with any of city, clinic, specialty or name, `PUT
 * …/medicos/search` with skip paging; 'Carregar mais' while fewer than `total`
 * are shown; 'Nenhum médico encontrado' when none match.
 */
export default function MedicosPage() {
  useDocumentTitle(pageTitles.telemedicinaMedicos);
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const filtered = hasFilter(filter);
  const query = useMedicosPages(filter);
  const medicos = query.data?.pages.flatMap((page) => page.medicos) ?? [];
  const unique = medicos.filter((m, i) => medicos.findIndex((other) => other.id === m.id) === i);
  const total = query.data?.pages.at(-1)?.total ?? 0;

  return (
    <div className={classes.page}>
      <Link to={paths.telemedicina} className={classes.back}>
        <Icon name="back" size={18} />
        Voltar para a telemedicina
      </Link>
      <Title order={1} className={classes.title}>
        {pageTitles.telemedicinaMedicos}
      </Title>

      <MedicosSearchForm
        applied={filter}
        onSearch={(next) => setParams(paramsFromFilter(next), { replace: true })}
      />

      {query.isPending ? (
        <Stack gap="sm" role="status" aria-label="Carregando médicos">
          <Skeleton height={18} width="30%" />
          <Skeleton height={72} />
          <Skeleton height={72} />
          <Skeleton height={72} />
        </Stack>
      ) : query.isError && !query.data ? (
        <QueryError
          title="Não foi possível carregar os médicos"
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : unique.length === 0 ? (
        <div className={classes.none} role="status">
          <p className={classes.noneTitle}>
            {filtered ? TELEMEDICINA_MESSAGES.noMedicosSearch : TELEMEDICINA_MESSAGES.noMedicos}
          </p>
          {filtered && <p className={classes.noneHint}>Tente com menos filtros ou outra grafia do nome.</p>}
        </div>
      ) : (
        <section aria-labelledby="medicos-resultado" className={classes.results}>
          <h2 id="medicos-resultado" className={classes.resultsTitle}>
            {filtered ? 'Resultado da busca' : 'Todos os médicos'}
          </h2>
          <p className={classes.count} role="status">
            {medicosCountLine(unique.length, total)}
          </p>
          <ul className={cardClasses.list}>
            {unique.map((medico) => (
              <li key={medico.id}>
                <MedicoCard medico={medico} />
              </li>
            ))}
          </ul>
          {query.hasNextPage && (
            <Stack gap="xs" align="center" mt="sm">
              {query.isFetchNextPageError && (
                <Text role="alert" c="red.9" fw={600}>
                  {query.error?.message}
                </Text>
              )}
              <Button
                size="md"
                variant="outline"
                loading={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                Carregar mais
              </Button>
            </Stack>
          )}
        </section>
      )}
    </div>
  );
}
