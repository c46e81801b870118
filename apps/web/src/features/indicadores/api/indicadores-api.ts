import type {
  GlicoseHistorico,
  GlicoseSaved,
  GlicoseView,
  ImcHistorico,
  ImcSaved,
  ImcView,
  OxigenacaoHistorico,
  OxigenacaoSaved,
  OxigenacaoView,
  PressaoHistorico,
  PressaoSaved,
  PressaoView,
  UserView,
} from '@pulso/domain';
import { HISTORICO_PAGE_SIZE } from '@pulso/domain';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api.ts';

/** The four indicators, as named in their routes (`/api/home/<indicador>`). */
export type IndicadorKind = 'pressao' | 'imc' | 'oxigenacao' | 'glicose';

/** Query key of the signed-in user as the indicators read it (for the trial lock). */
export const indicadoresUserQueryKey = ['indicadores', 'user'] as const;

/**
 * The signed-in user from `GET /api/home`, read afresh on every visit: the
 * indicators are locked by `isLocked(user)`
 * (docs/accounts.md "Trial and locked accounts").
 */
export function useIndicadoresUser() {
  return useQuery({
    queryKey: indicadoresUserQueryKey,
    staleTime: 0,
    queryFn: ({ signal }) => api.get<{ user: UserView }>('/home', signal),
  });
}

/** A page of any history, as the web reads it: the readings, the total and the extras of each indicator. */
export interface HistoricoPage<T> {
  items: T[];
  total: number;
  /** BMI: the profile's height (m, or null). */
  altura?: number | null;
  /** Glucose: whether 'Diabetes' is among the user's conditions. */
  diabetes?: boolean;
}

/** The reading type of each indicator. */
export interface IndicadorViews {
  pressao: PressaoView;
  imc: ImcView;
  oxigenacao: OxigenacaoView;
  glicose: GlicoseView;
}

/** Query key of an indicator's history; every save invalidates it. */
export const historicoQueryKey = (kind: IndicadorKind) => ['indicadores', 'historico', kind] as const;

type Raw = PressaoHistorico | ImcHistorico | OxigenacaoHistorico | GlicoseHistorico;

function toPage<K extends IndicadorKind>(kind: K, raw: Raw): HistoricoPage<IndicadorViews[K]> {
  switch (kind) {
    case 'pressao':
      return { items: (raw as PressaoHistorico).pressao as IndicadorViews[K][], total: raw.total };
    case 'imc': {
      const r = raw as ImcHistorico;
      return { items: r.indice_massa_corporal as IndicadorViews[K][], total: r.total, altura: r.altura };
    }
    case 'oxigenacao':
      return { items: (raw as OxigenacaoHistorico).oxigenacao as IndicadorViews[K][], total: raw.total };
    default: {
      const r = raw as GlicoseHistorico;
      return { items: r.glicose as IndicadorViews[K][], total: r.total, diabetes: r.diabetes };
    }
  }
}

/**
 * An indicator's history, `GET /api/home/<indicador>?offset&limit` (30 a
 * page), latest first (date, then time, descending; the server's order).
 * `fetchNextPage` loads the next 30 ('Carregar mais'); `items` are all loaded
 * so far, `total` how many there are.
 */
export function useHistorico<K extends IndicadorKind>(kind: K) {
  const query = useInfiniteQuery({
    queryKey: historicoQueryKey(kind),
    initialPageParam: 0,
    staleTime: 0,
    queryFn: async ({ pageParam, signal }) =>
      toPage(
        kind,
        await api.get<Raw>(`/home/${kind}?offset=${pageParam}&limit=${HISTORICO_PAGE_SIZE}`, signal),
      ),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? loaded : undefined;
    },
  });
  const pages = (query.data as InfiniteData<HistoricoPage<IndicadorViews[K]>> | undefined)?.pages ?? [];
  const first = pages[0];
  return {
    query,
    items: pages.flatMap((p) => p.items),
    total: first?.total ?? 0,
    altura: first?.altura ?? null,
    diabetes: first?.diabetes ?? false,
  };
}

/** `POST /api/home/pressao` body: mmHg as typed, `YYYY-MM-DD`, `HH:mm`. */
export interface PressaoInput {
  sis: string;
  dia: string;
  data_afericao: string;
  time_afericao: string;
}
/** `POST /api/home/imc` body: `peso` kg as typed (`'72,5'`). */
export interface ImcInput {
  peso: string;
  data_afericao: string;
  time_afericao: string;
}
/** `POST /api/home/oxigenacao` body: `saturacao` %, `bpm` beats per minute. */
export interface OxigenacaoInput {
  saturacao: string;
  bpm: string;
  data_afericao: string;
  time_afericao: string;
}
/** `POST /api/home/glicose` body: `value` mg/dL, `time_of_day` the period 1–4. */
export interface GlicoseInput {
  value: string;
  time_of_day: number;
  data_afericao: string;
  time_afericao: string;
}
/** `PATCH /api/home/glicose/:id` body: `index` the period 1–4, `value` mg/dL. */
export interface GlicoseUpdateInput {
  id: number;
  index: number;
  value: string;
  data_afericao: string;
  time_afericao: string;
}

/**
 * A save of `kind`: afterwards the history and `GET /api/home` are read
 * again; a 403 (the trial ended meanwhile) reloads the user so the screen locks.
 */
function useSave<I, R>(kind: IndicadorKind, send: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: historicoQueryKey(kind) });
      void queryClient.invalidateQueries({ queryKey: ['home'] });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 403) {
        void queryClient.invalidateQueries({ queryKey: indicadoresUserQueryKey });
      }
    },
  });
}

/**
 * `POST /api/home/pressao` (docs/api/indicadores-score-profissional.md "Indicators": multipart with
 * dia, sis, data_afericao, time_afericao, status; the server classifies) →
 * 201 `{message, pressao}`.
 */
export function useSavePressao() {
  return useSave('pressao', (input: PressaoInput & { status: string }) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(input)) body.set(key, value);
    return api.post<PressaoSaved>('/home/pressao', body);
  });
}

/** `POST /api/home/imc` `{peso, data_afericao, time_afericao}` → 201 `{message, indice_massa_corporal}` (imc and weight change computed by the server). */
export function useSaveImc() {
  return useSave('imc', (input: ImcInput) => api.post<ImcSaved>('/home/imc', input));
}

/** `POST /api/home/oxigenacao` `{saturacao, bpm, data_afericao, time_afericao}` → 201 `{message, oxigenacao}`. */
export function useSaveOxigenacao() {
  return useSave('oxigenacao', (input: OxigenacaoInput) =>
    api.post<OxigenacaoSaved>('/home/oxigenacao', input),
  );
}

/**
 * `POST /api/home/glicose` → 201 'Dado inserido com sucesso!' or, for a day
 * and period already recorded, 200 'Dado atualizado com sucesso!'
 * (docs/indicators-and-score.md "Glucose").
 */
export function useSaveGlicose() {
  return useSave('glicose', (input: GlicoseInput) => api.post<GlicoseSaved>('/home/glicose', input));
}

/** `PATCH /api/home/glicose/:id` `{index, value, data_afericao, time_afericao}` → 200 `{message, glicose}`; 404, 409 on a taken day+period. */
export function useUpdateGlicose() {
  return useSave('glicose', ({ id, ...body }: GlicoseUpdateInput) =>
    api.patch<GlicoseSaved>(`/home/glicose/${id}`, body),
  );
}
