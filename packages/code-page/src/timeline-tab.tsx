/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import {
  type PublicTimelineItem,
  TERCEIRO_NOTE,
  TIPO_DOR,
  timelineAuthorLine,
  timelinePreview,
} from '@pulso/domain';
import { useRef, useState } from 'preact/hooks';
import { blankToNull, formatDate } from './format.ts';
import type { Messages } from './i18n.ts';
import { type InfoItem, InfoList } from './info-list.tsx';
import { PatientHeading } from './states.tsx';
import { formatValorBRL, tipoIconPath } from './timeline-format.ts';

function TipoIcon({ tipo }: { tipo: number }) {
  return (
    <svg
      width={22}
      height={22}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      stroke-width={2}
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={tipoIconPath(tipo)} />
    </svg>
  );
}

const tipoOf = (t: Messages, tipo: number) => t.timeline.tipos[tipo] ?? t.timeline.fallbackTipo;

/** The whole record, read-only: type, date, value (never for a pain record), doctor, pain, description, author. */
function TimelineDetail({ t, item }: { t: Messages; item: PublicTimelineItem }) {
  const tl = t.timeline;
  const author = timelineAuthorLine(item);
  const details: InfoItem[] = [
    { label: tl.tipo, value: tipoOf(t, item.tipo) },
    { label: tl.date, value: formatDate(item.data, t.lang) },
  ];
  const valor = formatValorBRL(item.valor);
  if (valor !== null && item.tipo !== TIPO_DOR) details.push({ label: tl.value, value: valor });
  details.push({ label: tl.doctor, value: blankToNull(item.medico_name), wide: true });
  if (blankToNull(item.local_dor)) details.push({ label: tl.painPlace, value: blankToNull(item.local_dor) });
  if (blankToNull(item.intensidade_dor))
    details.push({ label: tl.painLevel, value: blankToNull(item.intensidade_dor) });
  details.push({ label: tl.description, value: blankToNull(item.descricao), wide: true });
  return (
    <>
      <InfoList t={t} items={details} />
      {author && (
        <p class="cp-tl-detail-author" lang="pt-BR">
          <span>{author}</span>
          {item.created_by === 'T' && <span class="cp-tl-terceiro">{TERCEIRO_NOTE}</span>}
        </p>
      )}
    </>
  );
}

/**
 * The 'Linha do tempo' tab of /code/:code as this viewer may read it (docs/public-code-page.md):
 * records newest first with the type, its icon, the date, a 50-character preview and who added it;
 * each opens a modal `<dialog>` with the whole record. 'Carregar mais' asks `onLoadMore(offset)` for
 * the next page while fewer than `total` are shown; a failure's message shows above the button.
 * Loaded by the browser only when the tab is opened.
 */
export function TimelineTab({
  t,
  name,
  items,
  total,
  onLoadMore,
}: {
  t: Messages;
  name: string;
  items: PublicTimelineItem[];
  total: number;
  onLoadMore: (offset: number) => Promise<void>;
}) {
  const tl = t.timeline;
  const dialog = useRef<HTMLDialogElement>(null);
  // The record stays set while the dialog closes, so its title does not blank.
  const [selected, setSelected] = useState<PublicTimelineItem | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const loadMore = async () => {
    setLoading(true);
    setError(null);
    try {
      await onLoadMore(items.length);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <PatientHeading name={name} />
      <section aria-labelledby="timeline-titulo">
        <h2 id="timeline-titulo" class="cp-section-title">
          {t.tabs.timeline}
        </h2>
        {items.length === 0 ? (
          <p class="cp-none">{tl.empty}</p>
        ) : (
          <>
            <p class="cp-count">{tl.count(items.length, total)}</p>
            <ul class="cp-tl-list">
              {items.map((item) => {
                const author = timelineAuthorLine(item);
                return (
                  <li key={item.id}>
                    <button
                      type="button"
                      class="cp-tl-row"
                      aria-haspopup="dialog"
                      onClick={() => {
                        setSelected(item);
                        dialog.current?.showModal();
                      }}
                    >
                      <span class="cp-tl-head">
                        <span class="cp-tl-tipo">
                          <TipoIcon tipo={item.tipo} />
                          {tipoOf(t, item.tipo)}
                        </span>
                        <span class="cp-tl-date">{formatDate(item.data, t.lang)}</span>
                      </span>
                      {blankToNull(item.descricao) && (
                        <span class="cp-tl-preview" lang="pt-BR">
                          {timelinePreview(item.descricao)}
                        </span>
                      )}
                      {author && (
                        <span class="cp-tl-foot" lang="pt-BR">
                          <span class="cp-tl-author">{author}</span>
                          {item.created_by === 'T' && <span class="cp-tl-terceiro">{TERCEIRO_NOTE}</span>}
                        </span>
                      )}
                    </button>
                  </li>
                );
              })}
            </ul>
          </>
        )}
        {items.length < total && (
          <div class="cp-more">
            {error && (
              <p class="cp-error" role="alert">
                {error}
              </p>
            )}
            <button
              type="button"
              class="cp-button cp-button-outline"
              aria-busy={loading}
              disabled={loading}
              onClick={() => void loadMore()}
            >
              {tl.more}
            </button>
          </div>
        )}
      </section>
      <dialog ref={dialog} class="cp-dialog" aria-labelledby="registro-titulo">
        <div class="cp-dialog-head">
          <h2 id="registro-titulo">{selected ? tipoOf(t, selected.tipo) : ''}</h2>
          <button type="button" class="cp-button cp-button-outline" onClick={() => dialog.current?.close()}>
            {tl.close}
          </button>
        </div>
        {selected && <TimelineDetail t={t} item={selected} />}
      </dialog>
    </>
  );
}
