import type { Bundle, Patient, Resource } from '@medplum/fhirtypes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { doencas, user_doencas, users } from '../../db/schema/index.ts';
import { createPatient, fillEmergencyData } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createDoctor } from '../../test/telemedicina-factories.ts';
import { validBody } from '../indicadores/indicadores.test-support.ts';
import { checkIps, loadFhirR4, problems } from './ips.test-support.ts';
import { ABSENT_UNKNOWN, CNS_SYSTEM } from './ips-resources.ts';

let t: TestApp;
beforeAll(async () => {
  loadFhirR4();
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

const getIps = (auth: Record<string, string>) => t.app.inject({ url: '/api/fhir/ips', headers: auth });

/**
 * The IPS document rules the issue names, as checks: a `document` Bundle, the Composition first with type
 * 60591-5, the three required sections, every reference resolvable inside the bundle, every resource valid
 * against base FHIR R4.
 */
describe('GET /api/fhir/ips (docs/fhir-ips.md)', () => {
  it('checks with a validator that refuses what base R4 refuses', () => {
    // An Observation without its required status, and a Patient with a property R4 does not define.
    // (It throws on an error; warnings it answers.)
    expect(() => problems({ resourceType: 'Observation', code: { text: 'x' } } as Resource)).toThrow(
      /Observation\.status/,
    );
    expect(() => problems({ resourceType: 'Patient', sexo: 'M' } as unknown as Resource)).toThrow(/sexo/);
  });

  it("is the patient's summary: allergies, medications and problems as written, the CNS, blood group, vitals", async () => {
    const p = await createPatient(t.app, { name: 'Renata Lopes' });
    await fillEmergencyData(t.database.db, p.user.id);
    await t.database.db
      .update(users)
      .set({
        alergias: 'Dipirona <grave>',
        medicamentos: 'Losartana 50 mg, 1x ao dia',
        problemas: 'Enxaqueca',
        sus: '898001160672348',
      })
      .where(eq(users.id, p.user.id));
    const [asma] = await t.database.db.select().from(doencas).where(eq(doencas.nome, 'Asma'));
    await t.database.db.insert(user_doencas).values({ user_id: p.user.id, doenca_id: asma?.id ?? 0 });
    for (const indicador of ['pressao', 'imc', 'oxigenacao', 'glicose'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/home/${indicador}`,
        headers: p.auth,
        payload: validBody(indicador, '2026-11-20', '08:30'),
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }

    const res = await getIps(p.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const bundle = res.json() as Bundle;
    const { composition, byUrl } = checkIps(bundle);
    const patient = byUrl.get(composition.subject?.reference ?? '') as Patient;
    expect(patient.name?.[0]?.text).toBe('Renata Lopes');
    expect(patient.identifier).toEqual([{ system: CNS_SYSTEM, value: '898001160672348' }]);
    expect(patient.contact?.[0]?.relationship?.[0]?.coding?.[0]?.code).toBe('C');
    const inSection = (code: string) =>
      (composition.section ?? [])
        .find((section) => section.code?.coding?.[0]?.code === code)
        ?.entry?.map((ref) => byUrl.get(ref.reference ?? '')) ?? [];
    expect(inSection('48765-2').map((r) => r?.resourceType === 'AllergyIntolerance' && r.code?.text)).toEqual(
      ['Dipirona <grave>'],
    );
    expect(
      inSection('10160-0').map(
        (r) => r?.resourceType === 'MedicationStatement' && r.medicationCodeableConcept?.text,
      ),
    ).toEqual(['Losartana 50 mg, 1x ao dia']);
    expect(inSection('11450-4').map((r) => r?.resourceType === 'Condition' && r.code?.text)).toEqual([
      'Asma',
      'Enxaqueca',
    ]);
    // The narrative is escaped XHTML.
    expect(JSON.stringify(composition.section?.[0]?.text)).toContain('Dipirona &lt;grave&gt;');
    const results = inSection('30954-2');
    expect(results.map((r) => r?.resourceType === 'Observation' && r.code.coding?.[0]?.code)).toEqual([
      '883-9',
      '10331-7',
      '2339-0',
    ]);
    const [abo, rh, glucose] = results;
    expect(abo?.resourceType === 'Observation' && abo.valueCodeableConcept).toEqual({ text: 'O' });
    expect(rh?.resourceType === 'Observation' && rh.valueCodeableConcept).toEqual({ text: 'Rh-' });
    expect(glucose?.resourceType === 'Observation' && glucose.valueQuantity).toEqual({
      value: 95,
      unit: 'mg/dL',
      system: 'http://unitsofmeasure.org',
      code: 'mg/dL',
    });
    const vitals = inSection('8716-3');
    expect(
      vitals.map(
        (r) =>
          r?.resourceType === 'Observation' && [
            r.code.coding?.[0]?.code,
            r.valueQuantity?.value,
            r.valueQuantity?.code,
          ],
      ),
    ).toEqual([
      ['85354-9', undefined, undefined],
      ['29463-7', 70, 'kg'],
      ['39156-5', expect.any(Number), 'kg/m2'],
      ['59408-5', 97, '%'],
      ['8867-4', 72, '/min'],
    ]);
    const [pressure] = vitals;
    expect(pressure?.resourceType === 'Observation' && pressure.effectiveDateTime).toBe(
      '2026-11-20T08:30:00-03:00',
    );
    expect(
      pressure?.resourceType === 'Observation' &&
        pressure.component?.map((c) => [
          c.code.coding?.[0]?.code,
          c.valueQuantity?.value,
          c.valueQuantity?.code,
        ]),
    ).toEqual([
      ['8480-6', 120, 'mm[Hg]'],
      ['8462-4', 80, 'mm[Hg]'],
    ]);
    // Nothing a summary must not carry: no e-mail, no internal id, no code.
    expect(res.body).not.toContain(p.user.email);
    expect(res.body).not.toContain(p.user.code);
  });

  it('says "no information" in each required section of an empty record, and has no results or vitals', async () => {
    const p = await createPatient(t.app);
    const bundle = (await getIps(p.auth)).json() as Bundle;
    const { composition, byUrl } = checkIps(bundle);
    expect(composition.section?.map((s) => s.code?.coding?.[0]?.code)).toEqual([
      '48765-2',
      '10160-0',
      '11450-4',
    ]);
    const absent = (composition.section ?? []).map((section) => {
      const resource = byUrl.get(section.entry?.[0]?.reference ?? '') as Resource & {
        code?: { coding?: { system?: string; code?: string }[] };
        medicationCodeableConcept?: { coding?: { system?: string; code?: string }[] };
      };
      return (resource.code ?? resource.medicationCodeableConcept)?.coding?.[0];
    });
    expect(absent).toEqual([
      expect.objectContaining({ system: ABSENT_UNKNOWN, code: 'no-allergy-info' }),
      expect.objectContaining({ system: ABSENT_UNKNOWN, code: 'no-medication-info' }),
      expect.objectContaining({ system: ABSENT_UNKNOWN, code: 'no-problem-info' }),
    ]);
  });

  it('answers each caller their own summary only; a guest 401', async () => {
    const owner = await createPatient(t.app, { name: 'Ana Dona' });
    const other = await createPatient(t.app, { name: 'Bia Outra' });
    const doctor = await createDoctor(t, { name: 'Caio Medico' });
    expect((await getIps({})).statusCode).toBe(401);
    for (const [who, name] of [
      [owner, 'Ana Dona'],
      [other, 'Bia Outra'],
      [doctor, 'Caio Medico'],
    ] as const) {
      const body = (await getIps(who.auth)).body;
      expect(body).toContain(name);
      expect(body.includes('Ana Dona')).toBe(name === 'Ana Dona');
    }
  });
});
