import { Autocomplete, Loader } from '@mantine/core';
import { useClinicasSearch } from '../api/search-clinicas.ts';

/** A clinic as the search keeps it: its id and the label shown in the input. */
export interface ClinicaChoice {
  id: number;
  nome: string;
}

/**
 * Clinic by autocomplete (docs/telemedicine.md "Finding a doctor"): searches
 * `GET /api/clinicas/search/:text` as the patient types (more than one
 * character, not the chosen clinic's own label), shows 'Nome · Cidade - UF' and
 * answers the clinic chosen; clearing the text clears it.
 */
export function ClinicaAutocomplete({
  text,
  onTextChange,
  selected,
  onSelect,
  error,
}: {
  text: string;
  onTextChange: (text: string) => void;
  selected: ClinicaChoice | null;
  onSelect: (clinica: ClinicaChoice | null) => void;
  error?: string | undefined;
}) {
  const { clinicas, searching } = useClinicasSearch(text, selected?.nome);
  const options = clinicas.map((c) => ({
    value: String(c.id),
    label: c.cidade ? `${c.nome} · ${c.cidade.descricao}` : c.nome,
  }));
  return (
    <Autocomplete
      label="Clínica"
      placeholder="Digite o nome da clínica"
      value={text}
      onChange={(next) => {
        onTextChange(next);
        if (next.trim() === '') onSelect(null);
      }}
      onOptionSubmit={(id) => {
        const option = options.find((o) => o.value === id);
        if (option) onSelect({ id: Number(option.value), nome: option.label });
      }}
      data={options}
      filter={({ options: all }) => all}
      rightSection={searching ? <Loader size="xs" aria-hidden="true" /> : undefined}
      clearable
      clearButtonProps={{ 'aria-label': 'Limpar clínica' }}
      autoComplete="off"
      error={error}
    />
  );
}
