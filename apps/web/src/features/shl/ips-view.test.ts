import type { Bundle } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { ipsView } from './ips-view.ts';

const loinc = (code: string, display: string) => ({
  coding: [{ system: 'http://loinc.org', code, display }],
  text: display,
});
const ref = (id: string, type: string) => ({ reference: `urn:uuid:${id}`, type });

/** A summary shaped as the server makes it (docs/fhir-ips.md), small. */
const BUNDLE = {
  resourceType: 'Bundle',
  type: 'document',
  entry: [
    {
      fullUrl: 'urn:uuid:c',
      resource: {
        resourceType: 'Composition',
        id: 'c',
        status: 'final',
        type: loinc('60591-5', 'Patient summary Document'),
        subject: ref('p', 'Patient'),
        date: '2026-11-28T12:00:00Z',
        author: [ref('p', 'Patient')],
        title: 'IPS',
        section: [
          { code: loinc('48765-2', 'Allergies'), entry: [ref('a', 'AllergyIntolerance')] },
          { code: loinc('10160-0', 'Medications'), entry: [ref('m', 'MedicationStatement')] },
          {
            code: loinc('8716-3', 'Vital signs'),
            entry: [ref('bp', 'Observation'), ref('w', 'Observation')],
          },
        ],
      },
    },
    {
      fullUrl: 'urn:uuid:p',
      resource: {
        resourceType: 'Patient',
        id: 'p',
        name: [{ text: 'Renata Lopes' }],
        gender: 'female',
        birthDate: '1990-04-12',
        contact: [
          {
            relationship: [{ coding: [{ code: 'C' }] }, { text: 'Cônjuge' }],
            name: { text: 'João' },
            telecom: [{ system: 'phone', value: '+5511912345678' }],
          },
        ],
      },
    },
    {
      fullUrl: 'urn:uuid:a',
      resource: {
        resourceType: 'AllergyIntolerance',
        id: 'a',
        patient: ref('p', 'Patient'),
        code: { text: 'Penicilina' },
      },
    },
    {
      fullUrl: 'urn:uuid:m',
      resource: {
        resourceType: 'MedicationStatement',
        id: 'm',
        status: 'unknown',
        subject: ref('p', 'Patient'),
        medicationCodeableConcept: {
          coding: [{ code: 'no-medication-info', display: 'No information about medications' }],
        },
      },
    },
    {
      fullUrl: 'urn:uuid:bp',
      resource: {
        resourceType: 'Observation',
        id: 'bp',
        status: 'final',
        code: loinc('85354-9', 'Blood pressure panel'),
        effectiveDateTime: '2026-11-20T08:30:00-03:00',
        component: [
          { code: loinc('8480-6', 'Systolic'), valueQuantity: { value: 120, unit: 'mm[Hg]' } },
          { code: loinc('8462-4', 'Diastolic'), valueQuantity: { value: 80, unit: 'mm[Hg]' } },
        ],
      },
    },
    {
      fullUrl: 'urn:uuid:w',
      resource: {
        resourceType: 'Observation',
        id: 'w',
        status: 'final',
        code: loinc('29463-7', 'Body weight'),
        valueQuantity: { value: 70, unit: 'kg' },
      },
    },
  ],
} as Bundle;

describe('ipsView (docs/smart-health-links.md "The viewer")', () => {
  it('names the patient and lists each section in its order, in Portuguese', () => {
    expect(ipsView(BUNDLE, 'pt-BR')).toEqual({
      name: 'Renata Lopes',
      birthDate: '1990-04-12',
      gender: 'Feminino',
      contact: { name: 'João', phone: '+5511912345678', relation: 'Cônjuge' },
      sections: [
        { code: '48765-2', lines: ['Penicilina'] },
        { code: '10160-0', lines: ['Nenhuma informação sobre medicamentos'] },
        { code: '8716-3', lines: ['Pressão arterial: 120/80 mmHg (20/11/2026)', 'Peso: 70 kg'] },
      ],
    });
  });

  it('speaks English when asked, and keeps what the patient wrote as written', () => {
    const view = ipsView(BUNDLE, 'en');
    expect(view?.gender).toBe('Female');
    expect(view?.sections.map((s) => s.lines)).toEqual([
      ['Penicilina'],
      ['No information about medications'],
      ['Blood pressure: 120/80 mmHg (2026-11-20)', 'Weight: 70 kg'],
    ]);
  });

  it('refuses what is not a document with its Composition first', () => {
    expect(ipsView({ ...BUNDLE, type: 'collection' }, 'pt-BR')).toBeNull();
    expect(ipsView({ ...BUNDLE, entry: BUNDLE.entry?.slice(1) }, 'pt-BR')).toBeNull();
  });
});
