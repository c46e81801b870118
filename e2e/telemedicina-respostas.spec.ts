import { expect, test } from '@playwright/test';
import { checkScreen, PHONE } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { DOCTORS } from './support/doctors.ts';
import {
  acceptAtendimento,
  issuePass,
  medicoIdByName,
  refuseAtendimento,
  requestCare,
  signInDoctor,
} from './support/medico-api.ts';
import { verifyEmailThroughOutbox } from './support/outbox.ts';
import { registerPatient, signInWithToken } from './support/patient-api.ts';

/**
 * The patient hears the doctors' answers (docs/api/telemedicina.md "The patient's requests"): /telemedicina
 * lists their pending requests under 'Suas solicitações', then, live, the acceptance (to the session) and
 * the refusal (to its reason), with the Telemedicina tab's badge counting the answers until they are
 * opened; /telemedicina/solicitacoes leads a patient back there, not to the doctor area.
 */
test.use({ viewport: PHONE });

test('a patient sees a request accepted and another refused, opens each, and the badge clears', async ({
  page,
  request,
}) => {
  const csp = watchCspViolations(page);
  const patient = await registerPatient(request, 'Joana Figueiredo');
  await verifyEmailThroughOutbox(request, patient.email);
  const aceita = await signInDoctor(request, DOCTORS.aceita);
  const recusa = await signInDoctor(request, DOCTORS.recusa);
  const aceitaId = await medicoIdByName(request, patient.token, DOCTORS.aceita.name);
  const recusaId = await medicoIdByName(request, patient.token, DOCTORS.recusa.name);
  const first = await requestCare(
    request,
    patient.token,
    aceitaId,
    'Tosse há uma semana',
    await issuePass(request, aceita),
  );
  const second = await requestCare(
    request,
    patient.token,
    recusaId,
    'Palpitações ao deitar',
    await issuePass(request, recusa),
  );

  await signInWithToken(page, patient.token);
  await page.goto('/telemedicina');
  const section = page.getByRole('region', { name: 'Suas solicitações' });
  await expect(section.getByText(`Aguardando a resposta de ${DOCTORS.aceita.name}.`)).toBeVisible();
  await expect(section.getByText(`Aguardando a resposta de ${DOCTORS.recusa.name}.`)).toBeVisible();
  const tab = page.getByRole('navigation', { name: 'Seções' }).getByRole('link', { name: /^Telemedicina/ });
  await expect(tab).toHaveAccessibleName('Telemedicina');

  // The doctors answer while the patient looks: the list and the badge follow without a reload.
  await acceptAtendimento(request, aceita, first);
  await refuseAtendimento(request, recusa, second, 3, 'Agenda cheia este mês');
  await expect(section.getByText(`${DOCTORS.aceita.name} aceitou sua solicitação.`)).toBeVisible();
  await expect(section.getByText(`${DOCTORS.recusa.name} não pôde aceitar sua solicitação.`)).toBeVisible();
  await expect(section.getByText('Motivo: Sem disponibilidade para novos pacientes.')).toBeVisible();
  await expect(tab).toHaveAccessibleName(/^Telemedicina ?, 2 respostas de médicos$/);
  await checkScreen(page, 'telemedicina-respostas');
  await page.setViewportSize(PHONE);

  // The acceptance leads to the session; once opened, it is no longer news.
  await section.getByRole('link', { name: 'Abrir atendimento' }).click();
  await expect(page).toHaveURL(new RegExp(`/telemedicina/atendimento/${first}$`));
  await expect(page.getByRole('textbox', { name: 'Mensagem' })).toBeVisible();
  await expect(tab).toHaveAccessibleName(/^Telemedicina ?, 1 resposta de médico$/);

  // The refusal leads to the doctor's profile, where its reason stays.
  await page.goto('/telemedicina');
  await section.getByRole('link', { name: 'Ver motivo' }).click();
  await expect(page).toHaveURL(new RegExp(`/telemedicina/medico/${recusaId}$`));
  await expect(page.getByRole('heading', { level: 1, name: DOCTORS.recusa.name })).toBeVisible();
  await expect(tab).toHaveAccessibleName('Telemedicina');

  // Nothing left to hear of; the requests' address brings a patient here, not to the doctor area.
  await page.goto('/telemedicina/solicitacoes');
  await expect(page).toHaveURL(/\/telemedicina$/);
  await expect(page.getByRole('heading', { name: 'Meus médicos' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Suas solicitações' })).toHaveCount(0);
  expect(csp).toEqual([]);
});
