import { Button, TextInput } from '@mantine/core';
import { TIMELINE_SEARCH_MAX } from '@pulso/domain';
import { type FormEvent, type Ref, useState } from 'react';
import classes from './timeline-page.module.css';

/**
 * The search form of /timeline (docs/health-record.md "Search": the term is
 * required to enable the search button): a term of at most 100 characters,
 * searched on 'Buscar' or Enter. `initial` is the term in effect (kept in the
 * URL).
 */
export function TimelineSearchForm({
  initial,
  onSearch,
  inputRef,
}: {
  initial: string;
  onSearch: (term: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [term, setTerm] = useState(initial);
  const [last, setLast] = useState(initial);
  // The term in effect changed from outside (cleared from the banner, back/forward): show it.
  if (initial !== last) {
    setLast(initial);
    setTerm(initial);
  }
  const ready = term.trim() !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) onSearch(term.trim());
  };

  return (
    <search aria-label="Buscar na linha do tempo" className={classes.searchRegion}>
      <form className={classes.search} onSubmit={submit}>
        <TextInput
          ref={inputRef}
          className={classes.searchInput}
          label="Buscar registros"
          placeholder="Ex.: vacina, hemograma"
          value={term}
          onChange={(event) => setTerm(event.currentTarget.value)}
          maxLength={TIMELINE_SEARCH_MAX}
          autoComplete="off"
          enterKeyHint="search"
        />
        <Button type="submit" disabled={!ready} className={classes.searchButton}>
          Buscar
        </Button>
      </form>
    </search>
  );
}

/**
 * The banner of a search in effect (docs/health-record.md "Search": a banner
 * shows the term with a clear button; clearing returns to the full list).
 */
export function SearchBanner({ term, onClear }: { term: string; onClear: () => void }) {
  return (
    <div className={classes.banner}>
      <p className={classes.bannerText}>
        Resultados da busca por <strong className={classes.bannerTerm}>“{term}”</strong>
      </p>
      <Button
        variant="white"
        color="dark"
        size="compact-md"
        onClick={onClear}
        leftSection={
          <svg
            xmlns="http://www.w3.org/2000/svg"
            width={16}
            height={16}
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={2.5}
            strokeLinecap="round"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M6 6l12 12 M18 6L6 18" />
          </svg>
        }
      >
        Limpar busca
      </Button>
    </div>
  );
}
