import { expect, type Page, test } from '@playwright/test';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { DOCTORS } from './support/doctors.ts';
import { issuePass, requestCare, signInDoctor } from './support/medico-api.ts';
import { registerPatient, signInWithToken } from './support/patient-api.ts';

/** Name of the Solicitações link with its count ('Solicitações, 2 pendentes'; Chromium may space the comma). */
function solicitacoes(spoken: string): RegExp {
  return new RegExp(`^Solicitações ?, ${spoken}$`);
}

/**
 * Care requests from the doctor's side (docs/telemedicine.md "Requests
 * waiting", docs/telemedicine.md "Decline reasons"; issue 6 "Doctors"):
 * patients ask with the doctor's passes; the doctor sees them with the badge, a
 * new one arrives live, one is accepted ('Solicitação aceita', the chat
 * offered), one refused with a reason and a comment ('Solicitação recusada';
 * the patient reads both and gets the pass back), and when none is left the
 * doctor is back on the area's home. The sessions list then shows them, and a
 * session opens its chat inside the area, where the doctor ends it.
 */

const medico = DOCTORS.solicitacoes;

async function look(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, name);
}

async function closeSnackbar(page: Page, text: string): Promise<void> {
  const message = page.getByRole('status').filter({ hasText: text });
  await expect(message).toBeVisible();
  await message.getByRole('button', { name: 'Fechar' }).click();
  await expect(message).toBeHidden();
}

test('a doctor accepts and refuses care requests, one arriving live', async ({ page, request }) => {
  test.setTimeout(120_000);
  const csp = watchCspViolations(page);
  const doctor = await signInDoctor(request, medico);
  const { token, id } = doctor;
  const [passAna, passBruno, passCarla] = [
    await issuePass(request, doctor),
    await issuePass(request, doctor),
    await issuePass(request, doctor),
  ];
  const ana = await registerPatient(request, 'Ana Lima');
  const bruno = await registerPatient(request, 'Bruno Costa');
  const carla = await registerPatient(request, 'Carla Dias');
  await requestCare(request, ana.token, id, 'Palpitações à noite há uma semana', passAna);
  await requestCare(request, bruno.token, id, 'Quero uma segunda opinião sobre meu exame', passBruno);

  await signInWithToken(page, token);
  await page.goto('/medico');
  const nav = page.getByRole('navigation', { name: 'Área do médico' });
  await expect(nav.getByRole('link', { name: solicitacoes('2 pendentes') })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Resumo' }).getByRole('link').first()).toHaveText(
    /^2Solicitações pendentes/,
  );
  await nav.getByRole('link', { name: solicitacoes('2 pendentes') }).click();
  await expect(page).toHaveURL(/\/medico\/solicitacoes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitações de atendimento' })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText('Ana Lima');
  await expect(cards.nth(0)).toContainText('Palpitações à noite há uma semana');
  await expect(cards.nth(0)).toContainText('Passe do médico');
  await expect(cards.nth(0)).toContainText(/Pediu em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/);
  await expect(cards.nth(1)).toContainText('Bruno Costa');
  await look(page, 'medico-solicitacoes');

  // A request made now appears without reloading (realtime; the 30 s poll is only the fallback).
  await requestCare(request, carla.token, id, 'Renovar a receita do remédio de pressão', passCarla);
  await expect(cards).toHaveCount(3, { timeout: 8000 });
  await expect(cards.nth(2)).toContainText('Carla Dias');
  await expect(nav.getByRole('link', { name: solicitacoes('3 pendentes') })).toBeVisible();

  await page.getByRole('button', { name: 'Aceitar a solicitação de Ana Lima' }).click();
  const aceita = page.getByRole('dialog', { name: 'Atendimento iniciado' });
  await expect(aceita).toContainText('Você aceitou a solicitação de Ana Lima');
  await expect(page.getByRole('status').filter({ hasText: 'Solicitação aceita' })).toBeVisible();
  await look(page, 'medico-solicitacao-aceita');
  await aceita.getByRole('button', { name: 'Agora não' }).click();
  await expect(cards).toHaveCount(2);

  await page.getByRole('button', { name: 'Recusar a solicitação de Bruno Costa' }).click();
  const recusa = page.getByRole('dialog', { name: 'Recusar solicitação' });
  await recusa.getByRole('button', { name: 'Recusar' }).click();
  await expect(recusa.getByText('Escolha o motivo da recusa')).toBeVisible();
  await look(page, 'medico-recusa');
  await recusa.getByRole('radio', { name: 'Não sou médico deste paciente' }).check();
  await recusa.getByLabel('Comentário (opcional)').fill('Procure o cardiologista que pediu o exame.');
  await recusa.getByRole('button', { name: 'Recusar' }).click();
  await expect(recusa).toBeHidden();
  await closeSnackbar(page, 'Solicitação recusada');
  await expect(cards).toHaveCount(1);

  // The last one answered: the list is empty and the doctor is back on the home.
  await page.getByRole('button', { name: 'Aceitar a solicitação de Carla Dias' }).click();
  await page
    .getByRole('dialog', { name: 'Atendimento iniciado' })
    .getByRole('button', { name: 'Agora não' })
    .click();
  await expect(page).toHaveURL(/\/medico$/);
  const resumo = page.getByRole('region', { name: 'Resumo' });
  await expect(resumo.getByRole('link')).toHaveText([
    /^0Solicitações pendentes/,
    /^2Atendimentos em andamento/,
    /^0Mensagens não lidas/,
  ]);
  await expect(nav.getByRole('link', { name: 'Solicitações', exact: true })).toBeVisible();

  // The refused patient reads the reason and the comment, and may use the pass again.
  const bySession = await request.get(`/api/telemedicina/medico/${id}`, {
    headers: { Authorization: `Bearer ${bruno.token}` },
  });
  expect(bySession.status()).toBe(200);
  const { atendimentos } = (await bySession.json()) as {
    atendimentos: { status: string; recusado_motivo: number; recusado_comentario: string }[];
  };
  expect(atendimentos[0]).toMatchObject({
    status: 'R',
    recusado_motivo: 1,
    recusado_comentario: 'Procure o cardiologista que pediu o exame.',
  });

  // The sessions list: both accepted ones in progress; with 'Todos' the refused one too, with its reason.
  await resumo.getByRole('link', { name: /Atendimentos em andamento/ }).click();
  await expect(page).toHaveURL(/\/medico\/atendimentos\?status=ativos$/);
  const rows = page.getByRole('region', { name: 'Lista de atendimentos' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Ana Lima' })).toContainText('Em andamento');
  await expect(rows.filter({ hasText: 'Carla Dias' }).getByRole('link')).toHaveAttribute(
    'href',
    /^\/medico\/atendimento\/\d+$/,
  );
  await look(page, 'medico-atendimentos');
  await page.getByText('Todos', { exact: true }).click();
  await expect(page).toHaveURL(/\?status=todos$/);
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'Bruno Costa' })).toContainText(
    'Motivo da recusa: Não sou médico deste paciente',
  );
  await page.getByText('Encerrados', { exact: true }).click();
  await expect(page.getByText('Nenhum atendimento encerrado.')).toBeVisible();

  // A session opens the chat inside the area (the doctor's side: end the session, block the patient).
  await page.getByText('Todos', { exact: true }).click();
  await rows.filter({ hasText: 'Ana Lima' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/medico\/atendimento\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ana Lima' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bloquear paciente' })).toBeVisible();
  await look(page, 'medico-chat');
  await page.getByRole('button', { name: 'Encerrar atendimento' }).click();
  await page
    .getByRole('dialog', { name: 'Encerrar atendimento' })
    .getByRole('button', { name: 'Encerrar' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: /^Atendimento encerrado$/ })).toBeVisible();
  await page.getByRole('link', { name: 'Voltar para os atendimentos' }).click();
  await expect(page).toHaveURL(/\/medico\/atendimentos$/);
  await page.getByText('Encerrados', { exact: true }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Ana Lima');
  await expect(rows.first()).toContainText(/Encerrado em \d{2}\/\d{2}\/\d{4}/);

  await requestCare(request, bruno.token, id, 'Quero uma segunda opinião sobre meu exame', passBruno);
  await expect(nav.getByRole('link', { name: solicitacoes('1 pendente') })).toBeVisible({ timeout: 8000 });
  expect(csp).toEqual([]);
});
