import { expect, type Page, test } from '@playwright/test';
import { pdfBytes, photoPng } from './support/chat-files.ts';
import { checkScreen, checkScrollingScreen, PHONE } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { DOCTORS } from './support/doctors.ts';
import {
  acceptAtendimento,
  doctorSays,
  endAtendimento,
  issuePass,
  requestCare,
  signInDoctor,
} from './support/medico-api.ts';
import { verifyEmailThroughOutbox } from './support/outbox.ts';
import { registerPatient, signInWithToken } from './support/patient-api.ts';

/**
 * The patient's side of a care session's chat (docs/telemedicine.md "Chat";
 * issue 6). The doctor acts through the API (its own screens are the doctor
 * area's journeys): its messages arrive live over Socket.IO and move the unread
 * badge; the patient reads, writes with Enter, sends a PDF and a cropped photo,
 * deletes a message; once the doctor ends the session the chat is read-only,
 * live and after a reload.
 */

function telemedicinaTab(page: Page) {
  return page.getByRole('navigation', { name: 'Seções' }).getByRole('link', { name: /^Telemedicina/ });
}

test('a patient chats with a doctor live until the doctor ends the session', async ({ page, request }) => {
  const csp = watchCspViolations(page);
  const medico = DOCTORS.chat;
  const doctor = await signInDoctor(request, medico);
  const patient = await registerPatient(request, 'Sofia Albuquerque');
  await verifyEmailThroughOutbox(request, patient.email);
  const medicoId = doctor.id;
  const atendimentoId = await requestCare(
    request,
    patient.token,
    medicoId,
    'Uma mancha escura apareceu no braço.',
    await issuePass(request, doctor),
  );
  await acceptAtendimento(request, doctor, atendimentoId);

  await signInWithToken(page, patient.token);
  await page.goto('/telemedicina');
  const meus = page.getByRole('region', { name: 'Meus médicos' });
  const card = meus.getByRole('link', { name: new RegExp(medico.name) });
  await expect(card).toBeVisible();
  // The acceptance is news until the patient opens the session (docs/api/telemedicina.md "The patient's requests").
  await expect(telemedicinaTab(page)).toHaveAccessibleName(/^Telemedicina ?, 1 resposta de médico$/);
  await expect(
    page
      .getByRole('region', { name: 'Suas solicitações' })
      .getByText(`${medico.name} aceitou sua solicitação.`),
  ).toBeVisible();

  // A message from the doctor arrives live: the tab's badge and the card count it.
  await doctorSays(request, doctor, atendimentoId, 'Olá, Sofia! Pode me mandar uma foto da mancha?');
  // The count is part of the tab's name (Chromium puts a space before the hidden part).
  await expect(telemedicinaTab(page)).toHaveAccessibleName(
    /^Telemedicina ?, 1 mensagem nova e 1 resposta de médico$/,
  );
  await expect(page.getByTestId('unread-badge')).toHaveText('2');
  await expect(card).toContainText('1 mensagem nova');
  await checkScreen(page, 'telemedicina-home-medicos');

  await card.click();
  const session = page.getByRole('region', { name: 'Atendimentos' }).getByRole('link');
  await expect(session).toContainText('Em andamento');
  await session.click();

  await expect(page.getByRole('heading', { level: 1, name: medico.name })).toBeVisible();
  await expect(page.getByText(`${medico.especialidade} · ${medico.cidadeDescricao}`)).toBeVisible();
  const log = page.getByRole('log', { name: 'Conversa' });
  await expect(log.getByText('Olá, Sofia! Pode me mandar uma foto da mancha?')).toBeVisible();
  // Shown, hence read and seen: the badge goes away.
  await expect(telemedicinaTab(page)).toHaveAccessibleName('Telemedicina');

  const box = page.getByRole('textbox', { name: 'Mensagem' });
  // One message only: the composer still sits at the bottom of a phone's screen, not mid-screen.
  await page.setViewportSize(PHONE);
  await page.evaluate(() => window.scrollTo(0, 0));
  const composer = page.getByRole('button', { name: 'Enviar mensagem' });
  await expect
    .poll(async () => {
      const at = await composer.boundingBox();
      return at ? PHONE.height - (at.y + at.height) : Number.NaN;
    })
    .toBeLessThan(80);
  await box.fill('Claro!');
  await box.press('Shift+Enter');
  await box.pressSequentially('Segue a foto e o laudo.');
  await box.press('Enter');
  const texto = log.getByRole('listitem').filter({ hasText: 'Segue a foto e o laudo.' });
  await expect(texto).toContainText('Claro!');
  await expect(texto).toContainText('Enviada');
  await expect(box).toHaveValue('');

  // The doctor reads it: the tick turns to 'Lida' live.
  const chat = await request.get(`/api/telemedicina/atendimento/${atendimentoId}`, {
    headers: { Authorization: `Bearer ${doctor.token}` },
  });
  const { mensagens } = (await chat.json()) as { mensagens: { id: number; content: string }[] };
  const sent = mensagens.find((m) => m.content.includes('Segue a foto'));
  expect(sent).toBeDefined();
  const read = await request.put(`/api/telemedicina/mensagem/${(sent as { id: number }).id}`, {
    headers: { Authorization: `Bearer ${doctor.token}` },
  });
  expect(read.status()).toBe(200);
  await expect(texto).toContainText('Lida');

  const file = page.locator('input[type="file"]');
  await file.setInputFiles({
    name: 'laudo-dermatologico.pdf',
    mimeType: 'application/pdf',
    buffer: pdfBytes(),
  });
  const pdf = log.getByRole('link', { name: /laudo-dermatologico\.pdf/ });
  await expect(pdf).toBeVisible();
  await expect(pdf).toHaveAttribute('href', /\/api\/telemedicina\/mensagem\/\d+\/arquivo\/\d+\/.+/);

  await file.setInputFiles({ name: 'mancha.png', mimeType: 'image/png', buffer: await photoPng() });
  const crop = page.getByRole('dialog', { name: 'Recortar imagem' });
  await expect(crop.getByRole('group', { name: 'Área de recorte' })).toBeVisible();
  await expect(crop.getByRole('button', { name: 'Enviar imagem' })).toBeEnabled();
  await checkScreen(page, 'telemedicina-chat-recorte');
  await crop.getByRole('button', { name: 'Enviar imagem' }).click();
  const foto = log.getByRole('img', { name: 'Imagem mancha.jpg' });
  await expect(foto).toBeVisible();
  await expect.poll(() => foto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);

  // A message sent by mistake is deleted, after confirmation.
  await box.fill('Mensagem errada');
  await box.press('Enter');
  const errada = log.getByRole('listitem').filter({ hasText: 'Mensagem errada' });
  await expect(errada).toBeVisible();
  await errada.getByRole('button', { name: /^Excluir mensagem/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Excluir mensagem' });
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(errada).toHaveCount(0);
  // The doctor's messages cannot be deleted by the patient.
  await expect(
    log.getByRole('listitem').filter({ hasText: 'Pode me mandar uma foto' }).getByRole('button'),
  ).toHaveCount(0);
  await page.waitForTimeout(400);
  await checkScrollingScreen(page, 'telemedicina-chat');

  // The doctor says goodbye and ends the session: everything arrives live.
  await doctorSays(request, doctor, atendimentoId, 'A mancha parece benigna. Até logo!');
  await expect(log.getByText('A mancha parece benigna. Até logo!')).toBeVisible();
  await endAtendimento(request, doctor, atendimentoId);
  const ended = 'Atendimento encerrado. Não é possível enviar novas mensagens.';
  await expect(page.getByText(ended)).toBeVisible();
  await expect(box).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Anexar imagem ou PDF' })).toHaveCount(0);
  await expect(log.getByRole('button', { name: /^Excluir mensagem/ })).toHaveCount(0);
  await expect(page.getByText('Encerrado', { exact: true })).toBeVisible();
  await page.waitForTimeout(400);
  await checkScrollingScreen(page, 'telemedicina-chat-encerrado');

  await page.reload();
  await expect(page.getByText(ended)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Mensagem' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Voltar para o perfil do médico' }).click();
  await expect(page).toHaveURL(new RegExp(`/telemedicina/medico/${medicoId}$`));
  await expect(page.getByRole('button', { name: 'Solicitar atendimento' })).toBeEnabled();
  expect(csp).toEqual([]);
});
