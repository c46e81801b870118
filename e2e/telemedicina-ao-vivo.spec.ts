import { expect, type Locator, type Page, test } from '@playwright/test';
import { pdfBytes, photoPng } from './support/chat-files.ts';
import { checkScrollingScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { DOCTORS } from './support/doctors.ts';
import { verifyEmailThroughOutbox } from './support/outbox.ts';
import { registerPatient } from './support/patient-api.ts';

/**
 * A care session lived by both people at once (issue 6 "Proof": two browser
 * contexts, patient and doctor): the doctor signs in at /medico and issues
 * a pass, which the patient types when asking for care on the doctor's
 * profile; the request arrives live on the doctor's /medico/solicitacoes,
 * the doctor accepts and both open the chat; text goes both ways live; the
 * doctor sends a cropped photo and a PDF; the patient's Telemedicina tab
 * counts an unread message and lets it go once read (the doctor's tick then
 * turns to 'Lida'); the doctor deletes a message of
 * its own and it leaves the patient's screen; the doctor ends the session
 * and the patient's chat turns read-only. Every step is what a person does
 * on screen; nothing is reloaded.
 */

const medico = DOCTORS.aoVivo;
const MOTIVO = 'Pressão alta nas últimas medições em casa.';

function telemedicinaTab(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Seções' }).getByRole('link', { name: /^Telemedicina/ });
}

/** One message of the conversation, by (part of) its text. */
function mensagem(log: Locator, text: string): Locator {
  return log.getByRole('listitem').filter({ hasText: text });
}

/** Picks a file with the chat's attach button, as a person does through the file dialog. */
async function attach(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Anexar imagem ou PDF' }).click();
  await (await chooser).setFiles(file);
}

async function say(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Mensagem' });
  await box.pressSequentially(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

test('a patient and a doctor live a care session from the request to its end', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const patient = page;
  const patientCsp = watchCspViolations(patient);
  const doctorContext = await browser.newContext();
  const doctor = await doctorContext.newPage();
  const doctorCsp = watchCspViolations(doctor);
  // The doctor signs in at /medico and issues a pass, reading its code off the screen.
  await doctor.goto('/medico');
  const form = doctor.getByRole('form', { name: 'Entrar como médico' });
  await form.getByLabel('E-mail').fill(medico.email);
  await form.getByLabel('Senha', { exact: true }).fill(medico.password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(doctor.getByRole('heading', { level: 1, name: `Olá, ${medico.name}` })).toBeVisible();
  const area = doctor.getByRole('navigation', { name: 'Área do médico' });
  await area.getByRole('link', { name: 'Passes' }).click();
  await doctor.getByRole('button', { name: 'Gerar passe' }).click();
  const passes = doctor.getByRole('region', { name: 'Seus passes' }).getByRole('listitem');
  await expect(passes).toHaveCount(1);
  const pass =
    (await passes
      .first()
      .getByText(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/)
      .textContent()) ?? '';
  expect(pass).toHaveLength(9);
  // Then waits on its requests, none yet.
  await area.getByRole('link', { name: /^Solicitações/ }).click();
  await expect(doctor).toHaveURL(/\/medico\/solicitacoes$/);
  await expect(doctor.getByText('Nenhuma solicitação pendente.')).toBeVisible();

  // The patient signs in, finds the doctor by name and asks for care with the pass.
  const account = await registerPatient(request, 'Gabriel Souto');
  await verifyEmailThroughOutbox(request, account.email);
  await patient.goto('/login');
  const login = patient.getByRole('form', { name: 'Entrar como paciente' });
  await login.getByLabel('E-mail', { exact: true }).fill(account.email);
  await login.getByLabel('Senha', { exact: true }).fill(account.password);
  await login.getByLabel('Senha', { exact: true }).press('Enter');
  await expect(patient).toHaveURL(/\/home$/);
  await telemedicinaTab(patient).click();
  await patient.getByRole('main').getByRole('link', { name: 'Buscar médicos' }).first().click();
  await patient.getByRole('textbox', { name: 'Nome do médico' }).fill(medico.name);
  await patient.getByRole('button', { name: 'Buscar', exact: true }).click();
  await patient
    .getByRole('region', { name: 'Resultado da busca' })
    .getByRole('link', { name: new RegExp(medico.name) })
    .click();
  await expect(patient.getByRole('heading', { level: 1, name: medico.name })).toBeVisible();
  await patient.getByRole('button', { name: 'Solicitar atendimento' }).click();
  const solicitar = patient.getByRole('dialog', { name: 'Solicitar atendimento' });
  await solicitar.getByRole('textbox', { name: /Motivo da solicitação/ }).fill(MOTIVO);
  await solicitar.getByRole('checkbox', { name: /Tenho um passe/ }).check();
  await solicitar.getByRole('textbox', { name: /Passe/ }).pressSequentially(pass);
  await solicitar.getByRole('button', { name: 'Enviar solicitação' }).click();
  await patient
    .getByRole('dialog', { name: 'Solicitação enviada' })
    .getByRole('button', { name: 'Entendi' })
    .click();
  const session = patient.getByRole('region', { name: 'Atendimentos' }).getByRole('listitem').first();
  await expect(session).toContainText('Aguardando o médico');

  // The request arrives on the doctor's screen by itself; the doctor accepts it and opens the chat.
  const card = doctor.getByRole('article').filter({ hasText: account.name });
  await expect(card).toContainText(MOTIVO);
  await expect(card).toContainText('Passe do médico');
  await expect(doctor.getByText('1 solicitação pendente')).toBeVisible();
  await card.getByRole('button', { name: `Aceitar a solicitação de ${account.name}` }).click();
  await expect(doctor.getByRole('status').filter({ hasText: 'Solicitação aceita' })).toBeVisible();
  await doctor
    .getByRole('dialog', { name: 'Atendimento iniciado' })
    .getByRole('button', { name: 'Abrir conversa' })
    .click();
  await expect(doctor).toHaveURL(/\/medico\/atendimento\/\d+$/);
  await expect(doctor.getByRole('heading', { level: 1, name: account.name })).toBeVisible();
  const doctorLog = doctor.getByRole('log', { name: 'Conversa' });
  await expect(doctorLog.getByText('Nenhuma mensagem ainda.')).toBeVisible();

  // The patient's profile shows the session accepted, without a reload; it opens the chat.
  await expect(session).toContainText('Em andamento');
  await session.getByRole('link').click();
  await expect(patient.getByRole('heading', { level: 1, name: medico.name })).toBeVisible();
  await expect(patient.getByText(`${medico.especialidade} · ${medico.cidadeDescricao}`)).toBeVisible();
  const patientLog = patient.getByRole('log', { name: 'Conversa' });

  // Text both ways, live; each sender sees its message read once the other side has it on screen
  // (the read event may beat the answer to the sender's own POST: the tick must stay 'Lida').
  await say(patient, 'Bom dia, doutor. Medi 15 por 9 hoje de manhã.');
  await expect(doctorLog.getByText('Bom dia, doutor. Medi 15 por 9 hoje de manhã.')).toBeVisible();
  await expect(mensagem(patientLog, 'Medi 15 por 9')).toContainText('Lida');
  await say(doctor, 'Bom dia, Gabriel. Vou lhe mandar o pedido de exames e uma orientação.');
  await expect(
    patientLog.getByText('Bom dia, Gabriel. Vou lhe mandar o pedido de exames e uma orientação.'),
  ).toBeVisible();
  await expect(mensagem(doctorLog, 'pedido de exames')).toContainText('Lida');

  // The doctor sends a PDF and a photo, cropped to its centre (zoom 200%) before it goes.
  await attach(doctor, { name: 'pedido-de-exames.pdf', mimeType: 'application/pdf', buffer: pdfBytes() });
  for (const log of [doctorLog, patientLog]) {
    await expect(log.getByRole('link', { name: /pedido-de-exames\.pdf/ })).toHaveAttribute(
      'href',
      /\/api\/telemedicina\/mensagem\/\d+\/arquivo\/\d+\/.+/,
    );
  }
  await attach(doctor, { name: 'orientacao.png', mimeType: 'image/png', buffer: await photoPng() });
  const crop = doctor.getByRole('dialog', { name: 'Recortar imagem' });
  await expect(crop.getByRole('group', { name: 'Área de recorte' })).toBeVisible();
  const zoom = crop.getByRole('slider', { name: 'Zoom' });
  await zoom.focus();
  for (let step = 0; step < 20; step++) await zoom.press('ArrowRight');
  await expect(zoom).toHaveAttribute('aria-valuenow', '2');
  await expect(zoom).toHaveAttribute('aria-valuetext', '200%');
  await crop.getByRole('button', { name: 'Enviar imagem' }).click();
  await expect(crop).toBeHidden();
  for (const log of [doctorLog, patientLog]) {
    const foto = log.getByRole('img', { name: 'Imagem orientacao.jpg' });
    await expect(foto).toBeVisible();
    // Half the 1200 px photo's width: the crop, not the whole picture, crossed.
    await expect.poll(() => foto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(500);
    expect(await foto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeLessThan(700);
  }
  await patient.waitForTimeout(400);
  await checkScrollingScreen(patient, 'telemedicina-ao-vivo-paciente');
  await checkScrollingScreen(doctor, 'telemedicina-ao-vivo-medico');

  // Away from the chat, the patient's Telemedicina tab counts the doctor's new message…
  await patient.getByRole('link', { name: 'Voltar para o perfil do médico' }).click();
  await expect(patient.getByRole('heading', { level: 1, name: medico.name })).toBeVisible();
  await expect(telemedicinaTab(patient)).toHaveAccessibleName('Telemedicina');
  await say(doctor, 'Faça os exames em jejum de 8 horas.');
  await expect(telemedicinaTab(patient)).toHaveAccessibleName(/^Telemedicina ?, 1 mensagem nova$/);
  await expect(patient.getByTestId('unread-badge')).toHaveText('1');
  await expect(session).toContainText('1 mensagem nova');
  await expect(mensagem(doctorLog, 'jejum de 8 horas')).toContainText('Enviada');
  // …and lets it go once the patient has read it.
  await session.getByRole('link').click();
  await expect(patientLog.getByText('Faça os exames em jejum de 8 horas.')).toBeVisible();
  await expect(telemedicinaTab(patient)).toHaveAccessibleName('Telemedicina');
  await expect(patient.getByTestId('unread-badge')).toHaveCount(0);
  await expect(mensagem(doctorLog, 'jejum de 8 horas')).toContainText('Lida');

  // The doctor deletes a message sent by mistake: it leaves the patient's screen too.
  await say(doctor, 'Tome dois comprimidos por dia.');
  await expect(patientLog.getByText('Tome dois comprimidos por dia.')).toBeVisible();
  await mensagem(doctorLog, 'Tome dois comprimidos')
    .getByRole('button', { name: /^Excluir mensagem/ })
    .click();
  await doctor
    .getByRole('dialog', { name: 'Excluir mensagem' })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await expect(mensagem(doctorLog, 'Tome dois comprimidos')).toHaveCount(0);
  await expect(mensagem(patientLog, 'Tome dois comprimidos')).toHaveCount(0);
  // The patient cannot delete the doctor's messages.
  await expect(mensagem(patientLog, 'jejum de 8 horas').getByRole('button')).toHaveCount(0);

  // The doctor ends the session: the patient's chat turns read-only by itself.
  await doctor.getByRole('button', { name: 'Encerrar atendimento' }).click();
  await doctor
    .getByRole('dialog', { name: 'Encerrar atendimento' })
    .getByRole('button', { name: 'Encerrar' })
    .click();
  await expect(doctor.getByRole('status').filter({ hasText: /^Atendimento encerrado$/ })).toBeVisible();
  const ended = 'Atendimento encerrado. Não é possível enviar novas mensagens.';
  for (const side of [patient, doctor]) {
    await expect(side.getByText(ended)).toBeVisible();
    await expect(side.getByRole('textbox', { name: 'Mensagem' })).toHaveCount(0);
    await expect(side.getByRole('button', { name: 'Anexar imagem ou PDF' })).toHaveCount(0);
    await expect(side.getByRole('log', { name: 'Conversa' }).getByRole('button')).toHaveCount(0);
    await expect(side.getByText('Encerrado', { exact: true })).toBeVisible();
  }
  await expect(patientLog.getByRole('img', { name: 'Imagem orientacao.jpg' })).toBeVisible();
  await patient.waitForTimeout(400);
  await checkScrollingScreen(patient, 'telemedicina-ao-vivo-paciente-encerrado');

  expect(patientCsp).toEqual([]);
  expect(doctorCsp).toEqual([]);
  await doctorContext.close();
});
