import type { Bundle, Composition, Observation, Patient, Resource } from '@medplum/fhirtypes';
import { formatDateBR } from '@pulso/domain';

/** The viewer's languages (the public page's switch: Portuguese, English). */
export type ViewerLang = 'pt-BR' | 'en';

/** A summary as the viewer shows it: who, and each section's lines, in the document's order. */
export interface IpsView {
  name: string;
  birthDate: string | null;
  gender: string | null;
  contact: { name: string | null; phone: string | null; relation: string | null } | null;
  sections: { code: string; lines: string[] }[];
}

const GENDER: Record<ViewerLang, Record<string, string>> = {
  'pt-BR': { male: 'Masculino', female: 'Feminino', other: 'Outro', unknown: 'Não informado' },
  en: { male: 'Male', female: 'Female', other: 'Other', unknown: 'Unknown' },
};

/** Names of the codes Pulso's summary uses, in the viewer's language; other codes keep their own words. */
const CODE_NAMES: Record<ViewerLang, Record<string, string>> = {
  'pt-BR': {
    '883-9': 'Grupo sanguíneo (ABO)',
    '10331-7': 'Fator Rh',
    '85354-9': 'Pressão arterial',
    '29463-7': 'Peso',
    '39156-5': 'IMC',
    '59408-5': 'Saturação de oxigênio',
    '8867-4': 'Frequência cardíaca',
    '2339-0': 'Glicose',
    'no-allergy-info': 'Nenhuma informação sobre alergias',
    'no-medication-info': 'Nenhuma informação sobre medicamentos',
    'no-problem-info': 'Nenhuma informação sobre problemas de saúde',
  },
  en: {
    '883-9': 'ABO blood group',
    '10331-7': 'Rh factor',
    '85354-9': 'Blood pressure',
    '29463-7': 'Weight',
    '39156-5': 'BMI',
    '59408-5': 'Oxygen saturation',
    '8867-4': 'Heart rate',
    '2339-0': 'Glucose',
    'no-allergy-info': 'No information about allergies',
    'no-medication-info': 'No information about medications',
    'no-problem-info': 'No information about problems',
  },
};

/** A coded or free-text concept as words: its text, else its first coding's display, else its code. */
function words(
  concept: { text?: string; coding?: { display?: string; code?: string }[] } | undefined,
  lang: ViewerLang,
): string {
  const code = concept?.coding?.[0]?.code;
  const known = code ? CODE_NAMES[lang][code] : undefined;
  return known ?? concept?.text ?? concept?.coding?.[0]?.display ?? code ?? '';
}

function quantity(q: { value?: number; unit?: string } | undefined): string {
  return q?.value === undefined ? '' : `${q.value} ${q.unit ?? ''}`.trim();
}

/** A `YYYY-MM-DD` date as the reader expects it: dd/mm/aaaa in Portuguese, unchanged (ISO) in English. */
export function shownDate(iso: string, lang: ViewerLang): string {
  return lang === 'pt-BR' ? formatDateBR(iso) : iso;
}

/** One line of an entry: what it is and, for an observation, its value and when. */
function entryLine(resource: Resource | undefined, lang: ViewerLang): string | null {
  switch (resource?.resourceType) {
    case 'AllergyIntolerance':
    case 'Condition':
      return words(resource.code, lang);
    case 'MedicationStatement':
      return words(resource.medicationCodeableConcept, lang);
    case 'Observation':
      return observationLine(resource, lang);
    default:
      return null;
  }
}

function observationLine(o: Observation, lang: ViewerLang): string {
  const value = o.component
    ? o.component.map((c) => quantity(c.valueQuantity).replace(/ mm\[Hg\]$/, '')).join('/') +
      (o.component[0]?.valueQuantity?.unit === 'mm[Hg]' ? ' mmHg' : '')
    : o.valueQuantity
      ? quantity(o.valueQuantity)
      : words(o.valueCodeableConcept, lang);
  const when = o.effectiveDateTime ? ` (${shownDate(o.effectiveDateTime.slice(0, 10), lang)})` : '';
  return `${words(o.code, lang)}: ${value}${when}`;
}

/**
 * What the `/shl` viewer shows of an International Patient Summary (docs/smart-health-links.md "The viewer"): the
 * patient (from the composition's subject) and, section by section in the composition's order, one line per entry,
 * each entry found by its reference inside the bundle. Null when the bundle is not a document with a Composition
 * first.
 */
export function ipsView(bundle: Bundle, lang: ViewerLang): IpsView | null {
  const entries = bundle.entry ?? [];
  const composition = entries[0]?.resource as Composition | undefined;
  if (bundle.type !== 'document' || composition?.resourceType !== 'Composition') return null;
  const byUrl = new Map(entries.map((entry) => [entry.fullUrl, entry.resource]));
  const patient = byUrl.get(composition.subject?.reference) as Patient | undefined;
  const contact = patient?.contact?.[0];
  return {
    name: patient?.name?.[0]?.text ?? patient?.name?.[0]?.family ?? '',
    birthDate: patient?.birthDate ?? null,
    gender: patient?.gender ? (GENDER[lang][patient.gender] ?? null) : null,
    contact: contact
      ? {
          name: contact.name?.text ?? null,
          phone: contact.telecom?.[0]?.value ?? null,
          relation: contact.relationship?.find((r) => r.text)?.text ?? null,
        }
      : null,
    sections: (composition.section ?? []).map((section) => ({
      code: section.code?.coding?.[0]?.code ?? '',
      lines: (section.entry ?? [])
        .map((ref) => entryLine(byUrl.get(ref.reference), lang))
        .filter((line): line is string => Boolean(line)),
    })),
  };
}
