import { randomUUID } from 'node:crypto';
import type {
  Bundle,
  BundleEntry,
  Composition,
  CompositionSection,
  Reference,
  Resource,
} from '@medplum/fhirtypes';
import {
  allergyResource,
  bloodTypeResources,
  conditionResource,
  type IpsPatient,
  LOINC,
  medicationResource,
  patientResource,
  type Reading,
  readingResource,
} from './ips-resources.ts';

/** Everything the summary is made of, read by `ips.service.ts`. */
export interface IpsInput {
  patient: IpsPatient;
  /** The blood group as the card writes it ('O+'), and when the emergency data was last saved (ISO). */
  sangue: string | null;
  updatedAt: string;
  alergias: string | null;
  medicamentos: string | null;
  /** The checked chronic conditions by name, then the patient's own text of other problems. */
  doencas: string[];
  problemas: string | null;
  /** The last reading of each indicator. */
  readings: Reading[];
}

/** The IPS Composition's LOINC type, "Patient summary Document". */
export const IPS_TYPE = '60591-5';
/** The sections of the summary (docs/fhir-ips.md "What the summary holds"). */
export const IPS_SECTIONS = {
  allergies: { code: '48765-2', display: 'Allergies and adverse reactions Document', title: 'Alergias' },
  medications: { code: '10160-0', display: 'History of Medication use Narrative', title: 'Medicamentos' },
  problems: { code: '11450-4', display: 'Problem list - Reported', title: 'Problemas de saúde' },
  results: {
    code: '30954-2',
    display: 'Relevant diagnostic tests/laboratory data Narrative',
    title: 'Tipo sanguíneo e exames',
  },
  vitals: { code: '8716-3', display: 'Vital signs', title: 'Sinais vitais' },
} as const;

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** A section's human-readable narrative: the lines as an XHTML list. */
function narrative(lines: string[]): CompositionSection['text'] {
  const items = lines.map((line) => `<li>${escapeXml(line)}</li>`).join('');
  return { status: 'generated', div: `<div xmlns="http://www.w3.org/1999/xhtml"><ul>${items}</ul></div>` };
}

const READING_LINE: Record<Reading['kind'], (r: Reading) => string> = {
  pressao: (r) => (r.kind === 'pressao' ? `Pressão arterial: ${r.sis}/${r.dia} mmHg (${r.at})` : ''),
  peso: (r) => (r.kind === 'peso' ? `Peso: ${r.peso} kg (${r.at})` : ''),
  imc: (r) => (r.kind === 'imc' ? `IMC: ${r.imc} kg/m² (${r.at})` : ''),
  saturacao: (r) => (r.kind === 'saturacao' ? `Saturação de oxigênio: ${r.saturacao}% (${r.at})` : ''),
  bpm: (r) => (r.kind === 'bpm' ? `Frequência cardíaca: ${r.bpm} bpm (${r.at})` : ''),
  glicose: (r) => (r.kind === 'glicose' ? `Glicose: ${r.value} mg/dL (${r.at})` : ''),
};

/**
 * The patient's International Patient Summary (docs/fhir-ips.md): a FHIR R4 `Bundle` of type `document` whose
 * first entry is the `Composition` (LOINC 60591-5) with the IPS required sections — allergies, medications,
 * problems, each with the IPS "no information" entry when the patient wrote nothing — and, when there is
 * something to say, the blood group and glucose (results) and the last vital signs; then the `Patient` and
 * every resource a section names. Every reference is a `urn:uuid:` of an entry of the bundle. Free text stays
 * text: no code is invented. `now` dates the composition and the bundle.
 */
export function buildIps(input: IpsInput, now: Date = new Date()): Bundle {
  const entries: Resource[] = [];
  // A reference names the entry's `urn:uuid:` and, since a URN says nothing of what it names, its type.
  const add = <T extends Resource>(make: (id: string) => T): Reference<T> => {
    const id = randomUUID();
    const resource = make(id);
    entries.push(resource);
    return { reference: `urn:uuid:${id}`, type: resource.resourceType };
  };
  const patient = add((id) => patientResource(id, input.patient));
  const section = (
    key: keyof typeof IPS_SECTIONS,
    lines: string[],
    refs: Reference[],
  ): CompositionSection => {
    const { code, display, title } = IPS_SECTIONS[key];
    return {
      title,
      code: { coding: [{ system: LOINC, code, display }] },
      text: narrative(lines),
      entry: refs,
    };
  };

  const alergia = input.alergias?.trim() || null;
  const medicamento = input.medicamentos?.trim() || null;
  const problemas = [...input.doencas, ...(input.problemas?.trim() ? [input.problemas.trim()] : [])];
  const sections: CompositionSection[] = [
    section(
      'allergies',
      [alergia ?? 'Nenhuma informação sobre alergias'],
      [add((id) => allergyResource(id, patient, alergia))],
    ),
    section(
      'medications',
      [medicamento ?? 'Nenhuma informação sobre medicamentos'],
      [add((id) => medicationResource(id, patient, medicamento))],
    ),
    problemas.length > 0
      ? section(
          'problems',
          problemas,
          problemas.map((text) => add((id) => conditionResource(id, patient, text))),
        )
      : section(
          'problems',
          ['Nenhuma informação sobre problemas de saúde'],
          [add((id) => conditionResource(id, patient, null))],
        ),
  ];
  const glicose = input.readings.filter((reading) => reading.kind === 'glicose');
  const vitals = input.readings.filter((reading) => reading.kind !== 'glicose');
  if (input.sangue || glicose.length > 0) {
    const lines = [
      ...(input.sangue ? [`Tipo sanguíneo: ${input.sangue}`] : []),
      ...glicose.map((r) => READING_LINE[r.kind](r)),
    ];
    const blood = input.sangue ? bloodTypeResources(['', ''], patient, input.sangue, input.updatedAt) : null;
    const refs = [
      ...(blood ?? []).map((observation) => add((id) => ({ ...observation, id }))),
      ...glicose.map((reading) => add((id) => readingResource(id, patient, reading))),
    ];
    sections.push(section('results', lines, refs));
  }
  if (vitals.length > 0) {
    sections.push(
      section(
        'vitals',
        vitals.map((r) => READING_LINE[r.kind](r)),
        vitals.map((reading) => add((id) => readingResource(id, patient, reading))),
      ),
    );
  }

  const compositionId = randomUUID();
  const composition: Composition = {
    resourceType: 'Composition',
    id: compositionId,
    status: 'final',
    type: { coding: [{ system: LOINC, code: IPS_TYPE, display: 'Patient summary Document' }] },
    subject: patient,
    date: now.toISOString(),
    // Written by the patient in Pulso; no clinician attested it.
    author: [patient],
    title: 'Resumo de saúde do paciente (International Patient Summary)',
    section: sections,
  };
  const entry: BundleEntry[] = [composition, ...entries].map((resource) => ({
    fullUrl: `urn:uuid:${resource.id}`,
    resource,
  }));
  return {
    resourceType: 'Bundle',
    identifier: { system: 'urn:ietf:rfc:3986', value: `urn:uuid:${randomUUID()}` },
    type: 'document',
    timestamp: now.toISOString(),
    entry,
  };
}
