import { Autocomplete, Loader } from '@mantine/core';
import type { Cidade } from '@pulso/domain';
import type { Ref } from 'react';
import { useCidadesSearch } from './search-cidades.ts';

/** Props of {@link CidadeAutocomplete}. */
export interface CidadeAutocompleteProps {
  /** The text in the input. */
  text: string;
  onTextChange: (text: string) => void;
  /** The municipality chosen from the list, if any. */
  selected: Cidade | null;
  onSelect: (cidade: Cidade | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
}

/**
 * City by autocomplete (docs/architecture.md "Shared controls"): searches
 * as the patient types (more than one character, not the chosen city's own
 * name), shows 'Nome - UF' options and answers `{id, descricao}`; clearing
 * the text clears the city.
 */
export function CidadeAutocomplete({
  text,
  onTextChange,
  selected,
  onSelect,
  onBlur,
  inputRef,
  error,
}: CidadeAutocompleteProps) {
  const { cidades, searching } = useCidadesSearch(text, selected?.descricao);

  return (
    <Autocomplete
      ref={inputRef}
      label="Cidade"
      placeholder="Digite o nome da cidade"
      description="Escolha a cidade na lista"
      value={text}
      onChange={(next) => {
        onTextChange(next);
        if (next.trim() === '') onSelect(null);
      }}
      onOptionSubmit={(id) => {
        const cidade = cidades.find((c) => String(c.id) === id);
        if (cidade) onSelect(cidade);
      }}
      onBlur={onBlur}
      // The server already matched the text (accents ignored): show its answer as is.
      data={cidades.map((c) => ({ value: String(c.id), label: c.descricao }))}
      filter={({ options }) => options}
      rightSection={searching ? <Loader size="xs" aria-hidden="true" /> : undefined}
      clearable
      clearButtonProps={{ 'aria-label': 'Limpar cidade' }}
      autoComplete="off"
      error={error}
    />
  );
}
