import { Button, Select, TextInput } from '@mantine/core';
import type { Cidade } from '@pulso/domain';
import { type FormEvent, useState } from 'react';
import { CidadeAutocomplete } from '../../../ui/cidades/cidade-autocomplete.tsx';
import { useEspecialidades } from '../api/get-especialidades.ts';
import type { MedicoFilter } from '../api/get-medicos.ts';
import classes from '../medicos-page.module.css';
import { ClinicaAutocomplete, type ClinicaChoice } from './clinica-autocomplete.tsx';

/** Under a city or clinic typed but not chosen from its list. */
export const CHOOSE_CIDADE = 'Escolha a cidade entre as sugestões da lista';
export const CHOOSE_CLINICA = 'Escolha a clínica entre as sugestões da lista';

/**
 * The doctor search's filters (docs/telemedicine.md "Finding a doctor": city,
 * clinic, specialty, name), each optional: the city and the clinic come from
 * their autocompletes, the specialty from `GET /api/especialidades`. 'Buscar'
 * applies them; 'Limpar filtros' goes back to every doctor.
 */
export function MedicosSearchForm({
  applied,
  onSearch,
}: {
  applied: MedicoFilter;
  onSearch: (filter: MedicoFilter) => void;
}) {
  const especialidades = useEspecialidades();
  const [cidadeText, setCidadeText] = useState(applied.cidade?.descricao ?? '');
  const [cidade, setCidade] = useState<Cidade | null>(applied.cidade);
  const [clinicaText, setClinicaText] = useState(applied.clinica?.nome ?? '');
  const [clinica, setClinica] = useState<ClinicaChoice | null>(applied.clinica);
  const [especialidade, setEspecialidade] = useState<string | null>(
    applied.especialidade === null ? null : String(applied.especialidade),
  );
  const [nome, setNome] = useState(applied.nome ?? '');
  const [errors, setErrors] = useState<{ cidade?: string; clinica?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A choice counts only while the input still shows it; text typed over it is not a filter.
    const cidadeChosen = cidade && cidadeText.trim() === cidade.descricao.trim() ? cidade : null;
    const clinicaChosen = clinica && clinicaText.trim() === clinica.nome.trim() ? clinica : null;
    const next = {
      cidade: cidadeText.trim() !== '' && !cidadeChosen ? CHOOSE_CIDADE : undefined,
      clinica: clinicaText.trim() !== '' && !clinicaChosen ? CHOOSE_CLINICA : undefined,
    };
    setErrors(next);
    if (next.cidade || next.clinica) return;
    const term = nome.trim();
    onSearch({
      cidade: cidadeChosen ? { id: cidadeChosen.id, descricao: cidadeChosen.descricao } : null,
      clinica: clinicaChosen,
      especialidade: especialidade === null ? null : Number(especialidade),
      nome: term === '' ? null : term,
    });
  };

  const clear = () => {
    setCidadeText('');
    setCidade(null);
    setClinicaText('');
    setClinica(null);
    setEspecialidade(null);
    setNome('');
    setErrors({});
    onSearch({ cidade: null, clinica: null, especialidade: null, nome: null });
  };

  const anyTyped =
    cidadeText.trim() !== '' || clinicaText.trim() !== '' || especialidade !== null || nome.trim() !== '';

  return (
    <form className={classes.form} onSubmit={submit} noValidate aria-label="Buscar médicos">
      <div className={classes.fields}>
        <CidadeAutocomplete
          text={cidadeText}
          onTextChange={(text) => {
            setCidadeText(text);
            setErrors((e) => ({ ...e, cidade: undefined }));
          }}
          selected={cidade}
          onSelect={setCidade}
          error={errors.cidade}
        />
        <ClinicaAutocomplete
          text={clinicaText}
          onTextChange={(text) => {
            setClinicaText(text);
            setErrors((e) => ({ ...e, clinica: undefined }));
          }}
          selected={clinica}
          onSelect={setClinica}
          error={errors.clinica}
        />
        <Select
          label="Especialidade"
          placeholder={especialidades.isError ? 'Não foi possível carregar' : 'Todas as especialidades'}
          data={(especialidades.data ?? []).map((e) => ({ value: String(e.id), label: e.nome }))}
          value={especialidade}
          onChange={setEspecialidade}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': 'Limpar especialidade' }}
          nothingFoundMessage="Nenhuma especialidade encontrada"
          disabled={especialidades.isError}
        />
        <TextInput
          label="Nome do médico"
          placeholder="Digite parte do nome"
          value={nome}
          onChange={(event) => setNome(event.currentTarget.value)}
          maxLength={100}
          autoComplete="off"
        />
      </div>
      <div className={classes.actions}>
        {anyTyped && (
          <Button variant="default" onClick={clear}>
            Limpar filtros
          </Button>
        )}
        <Button type="submit">Buscar</Button>
      </div>
    </form>
  );
}
