import type {
  AllergyIntolerance,
  CodeableConcept,
  Condition,
  MedicationStatement,
  Observation,
  Patient,
  Quantity,
  Reference,
} from '@medplum/fhirtypes';

/** LOINC, UCUM and the other systems the summary codes with (docs/fhir-ips.md "Codes"). */
export const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
/** The IPS code system for "no information about …" entries of an empty section. */
export const ABSENT_UNKNOWN = 'http://hl7.org/fhir/uv/ips/CodeSystem/absent-unknown-uv-ips';
/** The CNS (Cartão Nacional de Saúde) identifier system of Brazil's RNDS. */
export const CNS_SYSTEM = 'http://www.saude.gov.br/fhir/r4/NamingSystem/cns';
const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
const CLINICAL = 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical';
const CONDITION_CLINICAL = 'http://terminology.hl7.org/CodeSystem/condition-clinical';
const CONTACT_ROLE = 'http://terminology.hl7.org/CodeSystem/v2-0131';

/** What the summary says about the patient (no id, no e-mail: a summary travels). */
export interface IpsPatient {
  name: string;
  /** `YYYY-MM-DD`. */
  nascimento: string | null;
  sexo: string | null;
  /** The 15-digit CNS, when the patient gave it. */
  sus: string | null;
  /** Brazilian digits, DDD first. */
  telefone: string | null;
  cidade: { nome: string; uf: string } | null;
  contato: string | null;
  contato_telefone: string | null;
  /** The relation's pt-BR label ('Cônjuge'). */
  contato_relacao: string | null;
}

const GENDER: Record<string, Patient['gender']> = { M: 'male', F: 'female', N: 'unknown' };
const phone = (digits: string) => ({ system: 'phone' as const, value: `+55${digits}` });

/** The `Patient` (IPS: name, birth date, gender, the CNS as an identifier) with the emergency contact. */
export function patientResource(id: string, p: IpsPatient): Patient {
  return {
    resourceType: 'Patient',
    id,
    ...(p.sus ? { identifier: [{ system: CNS_SYSTEM, value: p.sus }] } : {}),
    name: [{ use: 'official', text: p.name }],
    ...(p.telefone ? { telecom: [{ ...phone(p.telefone), use: 'mobile' as const }] } : {}),
    ...(p.sexo && GENDER[p.sexo] ? { gender: GENDER[p.sexo] } : {}),
    ...(p.nascimento ? { birthDate: p.nascimento } : {}),
    ...(p.cidade ? { address: [{ city: p.cidade.nome, state: p.cidade.uf, country: 'BR' }] } : {}),
    ...(p.contato || p.contato_telefone
      ? {
          contact: [
            {
              relationship: [
                { coding: [{ system: CONTACT_ROLE, code: 'C', display: 'Emergency Contact' }] },
                ...(p.contato_relacao ? [{ text: p.contato_relacao }] : []),
              ],
              ...(p.contato ? { name: { text: p.contato } } : {}),
              ...(p.contato_telefone ? { telecom: [phone(p.contato_telefone)] } : {}),
            },
          ],
        }
      : {}),
  };
}

const absent = (code: string, display: string): CodeableConcept => ({
  coding: [{ system: ABSENT_UNKNOWN, code, display }],
});

/** One allergy as the patient wrote it (`text`), or the IPS "no information about allergies" entry (`null`). */
export function allergyResource(
  id: string,
  patient: Reference<Patient>,
  text: string | null,
): AllergyIntolerance {
  return {
    resourceType: 'AllergyIntolerance',
    id,
    clinicalStatus: { coding: [{ system: CLINICAL, code: 'active' }] },
    code: text ? { text } : absent('no-allergy-info', 'No information about allergies'),
    patient,
  };
}

/** The medications as the patient wrote them, or "no information about medications". */
export function medicationResource(
  id: string,
  subject: Reference<Patient>,
  text: string | null,
): MedicationStatement {
  return {
    resourceType: 'MedicationStatement',
    id,
    status: text ? 'active' : 'unknown',
    medicationCodeableConcept: text
      ? { text }
      : absent('no-medication-info', 'No information about medications'),
    subject,
  };
}

/** A problem (a checked chronic condition, or the patient's free text), or "no information about problems". */
export function conditionResource(id: string, subject: Reference<Patient>, text: string | null): Condition {
  return {
    resourceType: 'Condition',
    id,
    clinicalStatus: { coding: [{ system: CONDITION_CLINICAL, code: 'active' }] },
    code: text ? { text } : absent('no-problem-info', 'No information about problems'),
    subject,
  };
}

const category = (code: 'vital-signs' | 'laboratory', display: string) => [
  { coding: [{ system: OBSERVATION_CATEGORY, code, display }] },
];
const loinc = (code: string, display: string): CodeableConcept => ({
  coding: [{ system: LOINC, code, display }],
  text: display,
});
const quantity = (value: number, unit: string): Quantity => ({ value, unit, system: UCUM, code: unit });

/**
 * The blood type as written on the card ('O+'), as the two facts it holds (docs/fhir-ips.md "Codes"): the ABO
 * group, LOINC 883-9, value 'O'; the Rh factor, LOINC 10331-7, value 'Rh+'. Values as text, no invented code.
 * Null parts for a value that is not `{A|B|AB|O}{+|-}`.
 */
export function bloodTypeResources(
  ids: readonly [string, string],
  subject: Reference<Patient>,
  sangue: string,
  at: string,
): [Observation, Observation] | null {
  const match = /^(A|B|AB|O)([+-])$/.exec(sangue);
  if (!match) return null;
  const observation = (id: string, code: CodeableConcept, value: string): Observation => ({
    resourceType: 'Observation',
    id,
    status: 'final',
    category: category('laboratory', 'Laboratory'),
    code,
    subject,
    effectiveDateTime: at,
    valueCodeableConcept: { text: value },
  });
  return [
    observation(ids[0], loinc('883-9', 'ABO group [Type] in Blood'), match[1] ?? ''),
    observation(ids[1], loinc('10331-7', 'Rh [Type] in Blood'), `Rh${match[2]}`),
  ];
}

/** A reading of /indicadores as an `Observation`, at `at` (ISO with the São Paulo offset). */
export type Reading =
  | { kind: 'pressao'; at: string; sis: number; dia: number }
  | { kind: 'peso'; at: string; peso: number }
  | { kind: 'imc'; at: string; imc: number }
  | { kind: 'saturacao'; at: string; saturacao: number }
  | { kind: 'bpm'; at: string; bpm: number }
  | { kind: 'glicose'; at: string; value: number };

/** A reading as a vital-sign `Observation` (glucose: laboratory), LOINC-coded, with its UCUM unit. */
export function readingResource(id: string, subject: Reference<Patient>, reading: Reading): Observation {
  const base = {
    resourceType: 'Observation' as const,
    id,
    status: 'final' as const,
    subject,
    effectiveDateTime: reading.at,
  };
  const vital = category('vital-signs', 'Vital Signs');
  switch (reading.kind) {
    case 'pressao':
      return {
        ...base,
        category: vital,
        code: loinc('85354-9', 'Blood pressure panel with all children optional'),
        component: [
          {
            code: loinc('8480-6', 'Systolic blood pressure'),
            valueQuantity: quantity(reading.sis, 'mm[Hg]'),
          },
          {
            code: loinc('8462-4', 'Diastolic blood pressure'),
            valueQuantity: quantity(reading.dia, 'mm[Hg]'),
          },
        ],
      };
    case 'peso':
      return {
        ...base,
        category: vital,
        code: loinc('29463-7', 'Body weight'),
        valueQuantity: quantity(reading.peso, 'kg'),
      };
    case 'imc':
      return {
        ...base,
        category: vital,
        code: loinc('39156-5', 'Body mass index (BMI) [Ratio]'),
        valueQuantity: quantity(reading.imc, 'kg/m2'),
      };
    case 'saturacao':
      return {
        ...base,
        category: vital,
        code: loinc('59408-5', 'Oxygen saturation in Arterial blood by Pulse oximetry'),
        valueQuantity: quantity(reading.saturacao, '%'),
      };
    case 'bpm':
      return {
        ...base,
        category: vital,
        code: loinc('8867-4', 'Heart rate'),
        valueQuantity: quantity(reading.bpm, '/min'),
      };
    case 'glicose':
      return {
        ...base,
        category: category('laboratory', 'Laboratory'),
        code: loinc('2339-0', 'Glucose [Mass/volume] in Blood'),
        valueQuantity: quantity(reading.value, 'mg/dL'),
      };
  }
}
