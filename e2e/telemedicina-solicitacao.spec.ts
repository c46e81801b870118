import { expect, type Page, test } from '@playwright/test';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { DOCTORS } from './support/doctors.ts';
import { issuePass, medicoIdByName, refuseAtendimento, signInDoctor } from './support/medico-api.ts';
import { verifyEmailThroughOutbox } from './support/outbox.ts';
import { type ApiPatient, registerPatient, signInWithToken } from './support/patient-api.ts';

/**
 * Asking a doctor for care and reporting a profile (docs/telemedicine.md
 * "Requests and payment", docs/telemedicine.md "Reporting a doctor"; issue 6):
 * without a plan, a credit or a pass the server answers 402 and the dialog
 * points to the purchase and to /planos; with the doctor's pass the request
 * goes through, the thank-you dialog warns that online care does not replace an
 * in-person visit, and the new session waits on top; a refusal shows its
 * reason; the support pseudo-doctor needs nothing; a report needs a reason.
 */

/** The doctor of this file's journeys (support/doctors.ts). */
const medico = DOCTORS.solicitacao;

const NO_PAYMENT =
  'Para solicitar um atendimento você precisa de um plano com consultas disponíveis, de um atendimento avulso ou de um passe do médico.';

async function newPatient(
  page: Page,
  request: Parameters<typeof registerPatient>[0],
  name: string,
): Promise<ApiPatient> {
  const patient = await registerPatient(request, name);
  await verifyEmailThroughOutbox(request, patient.email);
  await signInWithToken(page, patient.token);
  return patient;
}

async function openProfile(
  page: Page,
  request: Parameters<typeof registerPatient>[0],
  patient: ApiPatient,
  name: string,
) {
  const id = await medicoIdByName(request, patient.token, name);
  await page.goto(`/telemedicina/medico/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return id;
}

test('without a plan, a credit or a pass the request is refused with the ways to pay', async ({
  page,
  request,
}) => {
  const csp = watchCspViolations(page);
  const patient = await newPatient(page, request, 'Paulo Henrique Dias');
  await openProfile(page, request, patient, medico.name);

  await page.getByRole('button', { name: 'Solicitar atendimento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Solicitar atendimento' });
  await dialog.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(dialog.getByText('Informe o motivo da solicitação')).toBeVisible();
  await dialog
    .getByRole('textbox', { name: /Motivo da solicitação/ })
    .fill('Minha filha está com tosse há uma semana.');
  await dialog.getByRole('button', { name: 'Enviar solicitação' }).click();

  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText(NO_PAYMENT);
  await expect(alert.getByRole('link', { name: 'Comprar atendimento avulso' })).toHaveAttribute(
    'href',
    '/telemedicina/purchase/atendimento',
  );
  await expect(alert.getByRole('link', { name: 'Ver planos' })).toHaveAttribute('href', '/planos');
  // The note above the reason had said so before anything was written.
  await expect(dialog.getByRole('note')).toContainText('Para solicitar, você precisa de um plano');
  await checkScreen(page, 'telemedicina-solicitar-402');

  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByText('Você ainda não teve atendimentos com este médico.')).toBeVisible();
  expect(csp).toEqual([]);
});

test("with the doctor's pass the request goes through; the doctor's refusal shows its reason", async ({
  page,
  request,
}) => {
  const csp = watchCspViolations(page);
  const doctor = await signInDoctor(request, medico);
  const pass = await issuePass(request, doctor);
  const patient = await newPatient(page, request, 'Beatriz Moura');
  await openProfile(page, request, patient, medico.name);

  await page.getByRole('button', { name: 'Solicitar atendimento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Solicitar atendimento' });
  await dialog
    .getByRole('textbox', { name: /Motivo da solicitação/ })
    .fill('Dores de cabeça frequentes ao acordar.');
  await dialog.getByRole('checkbox', { name: /Tenho um passe/ }).check();
  await dialog.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(dialog.getByText('Informe o passe')).toBeVisible();
  await dialog.getByRole('textbox', { name: /Passe/ }).fill(pass.toLowerCase());
  await checkScreen(page, 'telemedicina-solicitar-passe');
  await dialog.getByRole('button', { name: 'Enviar solicitação' }).click();

  const thanks = page.getByRole('dialog', { name: 'Solicitação enviada' });
  await expect(thanks).toContainText('o atendimento on-line não substitui a consulta presencial');
  await checkScreen(page, 'telemedicina-solicitar-obrigado');
  await thanks.getByRole('button', { name: 'Entendi' }).click();

  const sessions = page.getByRole('region', { name: 'Atendimentos' }).getByRole('listitem');
  await expect(sessions).toHaveCount(1);
  await expect(sessions.first()).toContainText('Aguardando o médico');
  await expect(sessions.first()).toContainText('Aguardando o médico aceitar a solicitação.');
  await expect(page.getByRole('button', { name: 'Solicitar atendimento' })).toBeDisabled();
  await expect(page.getByText('Você já tem uma solicitação em aberto com este médico.')).toBeVisible();
  await checkScreen(page, 'telemedicina-perfil-aguardando');

  // The pass is single-use: the doctor refuses, the patient reads why.
  const atendimentos = await request.get(`/api/telemedicina/solicitacoes`, {
    headers: { Authorization: `Bearer ${doctor.token}` },
  });
  const { solicitacoes } = (await atendimentos.json()) as {
    solicitacoes: { id: number; paciente: { name: string } }[];
  };
  const mine = solicitacoes.find((s) => s.paciente.name === 'Beatriz Moura');
  expect(mine).toBeDefined();
  await refuseAtendimento(request, doctor, (mine as { id: number }).id, 3, 'Agenda cheia neste mês.');

  await page.reload();
  await expect(sessions.first()).toContainText('Recusado');
  await sessions.first().getByRole('button').click();
  const recusa = page.getByRole('dialog', { name: 'Solicitação recusada' });
  await expect(recusa).toContainText('Sem disponibilidade para novos pacientes');
  await expect(recusa).toContainText('Agenda cheia neste mês.');
  await checkScreen(page, 'telemedicina-recusa');
  await recusa.getByRole('button', { name: 'Fechar' }).click();
  await expect(page.getByRole('button', { name: 'Solicitar atendimento' })).toBeEnabled();
  expect(csp).toEqual([]);
});

test('the support pseudo-doctor takes a message without payment', async ({ page, request }) => {
  const patient = await newPatient(page, request, 'Renata Campos');
  await page.goto('/telemedicina');
  await page
    .getByRole('region', { name: 'Suporte' })
    .getByRole('link', { name: 'Falar com o suporte' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Suporte Pulso' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Denunciar perfil' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Falar com o suporte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Falar com o suporte' });
  await expect(dialog.getByRole('checkbox')).toHaveCount(0);
  await dialog.getByRole('textbox', { name: /Como podemos ajudar/ }).fill('Como imprimo meu QR Code?');
  await dialog.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(page.getByRole('dialog', { name: 'Solicitação enviada' })).toContainText(
    'Nossa equipe de suporte responderá em breve.',
  );
  expect(patient.token).not.toBe('');
});

test('a patient reports a profile, with a reason', async ({ page, request }) => {
  const csp = watchCspViolations(page);
  const patient = await newPatient(page, request, 'Otávio Lins');
  await openProfile(page, request, patient, medico.name);
  await page.getByRole('button', { name: 'Denunciar perfil' }).click();
  const dialog = page.getByRole('dialog', { name: 'Denunciar perfil' });
  await dialog.getByRole('button', { name: 'Enviar denúncia' }).click();
  await expect(dialog.getByText('Informe o motivo da denúncia')).toBeVisible();
  await dialog
    .getByRole('textbox', { name: /Motivo da denúncia/ })
    .fill('O perfil pede pagamento por fora do aplicativo.');
  await checkScreen(page, 'telemedicina-denuncia');
  await dialog.getByRole('button', { name: 'Enviar denúncia' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Sua denúncia foi realizada com sucesso e iremos avaliar.' }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(csp).toEqual([]);
});
