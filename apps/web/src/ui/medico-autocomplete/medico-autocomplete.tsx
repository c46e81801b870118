import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { formatCrm, type MedicoOption } from '@pulso/domain';
import { type Ref, useEffect } from 'react';
import { shouldSearchMedico, useMedicosSearch } from './search-medicos.ts';

/** Props of {@link MedicoAutocomplete}. */
export interface MedicoAutocompleteProps {
  /** The text in the input (the doctor's name, chosen or typed). */
  text: string;
  onTextChange: (text: string) => void;
  /** Name of the registered doctor chosen from the list, `null` for free text. */
  selected: string | null;
  onSelect: (medico: MedicoOption) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string | undefined;
  className?: string;
  /** Placeholder of the input ('Nome do seu médico' on /saude). */
  placeholder?: string;
}

/** 'CRM/SP 123456 · Cardiologia': what tells two doctors of the same name apart. */
export function medicoDetails(medico: MedicoOption): string {
  return [medico.crms.map(formatCrm).join(', '), medico.especialidade].filter(Boolean).join(' · ');
}

/**
 * The patient's doctor by autocomplete (docs/health-record.md "Choosing a
 * doctor"): as the patient types, registered doctors are searched (more than
 * one character, never the chosen doctor's own name) and listed with CRM and
 * specialty; arrows and Enter choose one. Whatever else is typed stays as
 * free text.
 */
export function MedicoAutocomplete({
  text,
  onTextChange,
  selected,
  onSelect,
  onBlur,
  inputRef,
  error,
  className,
  placeholder = 'Nome do seu médico',
}: MedicoAutocompleteProps) {
  const id = useId();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const { medicos, searching, answered, failed } = useMedicosSearch(text, selected);
  const searchable = shouldSearchMedico(text, selected);

  // Arrow keys open the list even for a text that must not search: keep it shut then.
  useEffect(() => {
    if (!searchable && combobox.dropdownOpened) combobox.closeDropdown();
  }, [searchable, combobox]);

  const empty = failed
    ? 'Não foi possível buscar médicos agora. Digite o nome.'
    : answered
      ? 'Nenhum médico encontrado'
      : 'Buscando médicos…';

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(value) => {
        const medico = medicos.find((m) => String(m.id) === value);
        if (medico) onSelect(medico);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          ref={inputRef}
          id={id}
          className={className}
          label="Médico"
          placeholder={placeholder}
          description={
            selected === null
              ? 'Busque um médico cadastrado no Pulso ou digite o nome'
              : 'Médico cadastrado no Pulso'
          }
          maxLength={255}
          value={text}
          onChange={(event) => {
            const next = event.currentTarget.value;
            onTextChange(next);
            if (shouldSearchMedico(next, selected)) combobox.openDropdown();
          }}
          onFocus={() => {
            if (searchable) combobox.openDropdown();
          }}
          onClick={() => {
            if (searchable) combobox.openDropdown();
          }}
          onBlur={() => {
            combobox.closeDropdown();
            onBlur?.();
          }}
          rightSection={searching ? <Loader size="xs" aria-hidden="true" /> : undefined}
          autoComplete="off"
          error={error}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!searchable}>
        <Combobox.Options labelledBy={`${id}-label`}>
          {medicos.length === 0 ? (
            <Combobox.Empty>{empty}</Combobox.Empty>
          ) : (
            medicos.map((medico) => (
              <Combobox.Option value={String(medico.id)} key={medico.id}>
                <Text size="sm" fw={500}>
                  {medico.name}
                </Text>
                {medicoDetails(medico) && (
                  <Text size="xs" c="dimmed">
                    {medicoDetails(medico)}
                  </Text>
                )}
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
