import { expect, type Page, test } from '@playwright/test';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { DOCTORS } from './support/doctors.ts';
import { medicoIdByName } from './support/medico-api.ts';
import { verifyEmailThroughOutbox } from './support/outbox.ts';
import { registerPatient, signInAs, signInWithToken } from './support/patient-api.ts';
import { PATIENTS } from './support/patients.ts';

/**
 * Plans and card payments on the sandbox provider (docs/payments-and-admin.md
 * "Plans"; docs/payments-and-admin.md "Single consultation"; issue 8): a
 * patient past the free month subscribes by typing the test card 4242 and the
 * timeline unlocks at once; the declined test card shows Stripe's message; a
 * plan is cancelled ('Cancelado') and renewed, changed with its proration
 * shown first, and its card replaced; a single teleconsultation is bought
 * from the doctor's profile and the next request uses it.
 */

const LOCKED = 'Seu período gratuito de 1 mês terminou.';
const PAID = 'Pagamento realizado com sucesso!';

const cardForm = (page: Page) => page.getByRole('form', { name: 'Dados do cartão' });

async function typeCard(page: Page, number: string, expiry = '12/34', cvc = '123'): Promise<void> {
  const form = cardForm(page);
  const numberInput = form.getByLabel('Número do cartão');
  await numberInput.fill('');
  await numberInput.pressSequentially(number.replace(/\s/g, ''));
  const expiryInput = form.getByLabel('Validade');
  await expiryInput.fill('');
  await expiryInput.pressSequentially(expiry.replace('/', ''));
  const cvcInput = form.getByLabel('CVC');
  await cvcInput.fill('');
  await cvcInput.pressSequentially(cvc);
}

/** Follows the shell's own navigation link (no reload: the SPA's caches are kept). */
async function openNavLink(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name, exact: true }).first().click();
}

/** Subscribes to 'Meu Prontuário' with the 4242 card from /planos. */
async function subscribeMonthly(page: Page): Promise<void> {
  await page.goto('/planos');
  await page.getByRole('link', { name: 'Assinar Meu Prontuário', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Assinar plano' })).toBeVisible();
  await typeCard(page, '4242424242424242');
  await cardForm(page)
    .getByRole('button', { name: /^Assinar por/ })
    .click();
  await expect(page.getByText(PAID)).toBeVisible();
  await expect(page).toHaveURL(/\/planos$/);
}

test('a patient past the free month subscribes with 4242 and the timeline unlocks; a declined card shows its message', async ({
  page,
  request,
}) => {
  const csp = watchCspViolations(page);
  // An account created two months ago (support/create-patients.ts): the server itself finds its free month over.
  const patient = await signInAs(request, PATIENTS.expiradaAssina);
  await signInWithToken(page, patient.token);

  await page.goto('/timeline');
  await expect(page.getByText(LOCKED).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Novo registro' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('link', { name: 'Ver planos' }).first().click();

  await expect(page.getByRole('heading', { level: 1, name: 'Planos' })).toBeVisible();
  const monthly = page
    .getByRole('listitem')
    .filter({ hasText: 'Meu Prontuário' })
    .filter({ hasText: '/mês' });
  await expect(monthly).toContainText('R$ 7,90');
  await expect(page.getByRole('listitem').filter({ hasText: '/ano' })).toContainText('R$ 79,00');
  await checkScreen(page, 'planos-lista');

  await monthly.getByRole('link', { name: 'Assinar Meu Prontuário' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Assinar plano' })).toBeVisible();
  const form = cardForm(page);
  const pay = form.getByRole('button', { name: 'Assinar por R$ 7,90/mês' });

  // Checked before sending: a number failing the Luhn check, a past expiry, a short CVC.
  await typeCard(page, '4242424242424241', '01/20', '12');
  await pay.click();
  await expect(form.getByText('Número do cartão inválido')).toBeVisible();
  await expect(form.getByText('Este cartão está vencido')).toBeVisible();
  await expect(form.getByText('O CVC deve ter 3 dígitos')).toBeVisible();
  await expect(form.getByLabel('Número do cartão')).toBeFocused();

  // The declined test card: Stripe's message inside the form; the number and expiry stay, the CVC is cleared.
  await typeCard(page, '4000000000000002');
  await pay.click();
  await expect(form.getByRole('alert')).toHaveText('Seu cartão foi recusado.');
  await expect(form.getByLabel('Número do cartão')).toHaveValue('4000 0000 0000 0002');
  await expect(form.getByLabel('Validade')).toHaveValue('12/34');
  await expect(form.getByLabel('CVC')).toHaveValue('');
  await checkScreen(page, 'planos-pagamento-recusado');

  await typeCard(page, '4242424242424242');
  await pay.click();
  await expect(page.getByText(PAID)).toBeVisible();
  await expect(page).toHaveURL(/\/planos$/);
  const current = page.getByRole('region', { name: 'Meu Prontuário' });
  await expect(current).toContainText('R$ 7,90');
  await expect(current).toContainText('Próxima cobrança em');
  await expect(current).toContainText('Visa •••• 4242 · validade 12/34');
  await checkScreen(page, 'planos-atual');

  // Back on the timeline without reloading: the lock lifted at once and a record can be added.
  await openNavLink(page, 'Linha do tempo');
  await expect(page.getByRole('heading', { level: 1, name: 'Linha do tempo' })).toBeVisible();
  await expect(page.getByText(LOCKED)).toHaveCount(0);
  await page.getByRole('link', { name: 'Novo registro' }).click();
  const record = page.getByRole('form', { name: 'Registro' });
  await page.getByRole('radio', { name: 'Consulta', exact: true }).click();
  await page.getByLabel(/^Descrição/).fill('Consulta de rotina com a clínica geral');
  await record.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Adicionado com sucesso!')).toBeVisible();
  // The timeline reads itself again after the save: let the override's reads in flight end quietly.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  expect(csp).toEqual([]);
});

test('a plan is cancelled and renewed, changed with the proration shown first, and its card replaced', async ({
  page,
  request,
}) => {
  const csp = watchCspViolations(page);
  const patient = await registerPatient(request, 'Rodrigo Sales');
  await signInWithToken(page, patient.token);
  await subscribeMonthly(page);

  const current = () => page.getByRole('region', { name: /^Meu Prontuário/ });
  await page.getByRole('button', { name: 'Cancelar assinatura' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancelar assinatura?' });
  await expect(confirm).toContainText('e não será renovado');
  await checkScreen(page, 'planos-cancelar-dialogo');
  await confirm.getByRole('button', { name: 'Confirmar cancelamento' }).click();
  await expect(page.getByText('Assinatura cancelada.', { exact: false })).toBeVisible();
  await expect(current().getByText('Cancelado', { exact: true })).toBeVisible();
  await expect(current()).toContainText('Seu plano continua ativo até');
  await checkScreen(page, 'planos-cancelado');

  await page.getByRole('button', { name: 'Reativar assinatura' }).click();
  await expect(page.getByText('Assinatura reativada.', { exact: false })).toBeVisible();
  await expect(current().getByText('Cancelado', { exact: true })).toHaveCount(0);
  await expect(current()).toContainText('Próxima cobrança em');

  // Change to the annual plan: the credit of the unused month and the amount are shown before paying.
  await page.getByRole('link', { name: 'Alterar plano' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alterar plano' })).toBeVisible();
  await page.getByRole('button', { name: 'Escolher Meu Prontuário Anual' }).click();
  const change = page.getByRole('dialog', { name: 'Mudar para Meu Prontuário Anual' });
  await expect(change).toContainText('Crédito do período não usado');
  await expect(change).toContainText('Valor a pagar agora');
  const payButton = change.getByRole('button', { name: /^Confirmar e pagar R\$/ });
  await expect(payButton).toBeVisible();
  await checkScreen(page, 'planos-alterar-dialogo');
  await payButton.click();
  await expect(page.getByText('Plano alterado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/planos$/);
  await expect(page.getByRole('region', { name: 'Meu Prontuário Anual' })).toContainText('/ano');

  // Replace the card: the declined card is refused, the Mastercard test card is saved.
  await page.getByRole('link', { name: 'Alterar cartão' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alterar cartão' })).toBeVisible();
  await expect(page.getByText('Cartão atual: Visa •••• 4242', { exact: false })).toBeVisible();
  await typeCard(page, '4000000000000002');
  await cardForm(page).getByRole('button', { name: 'Salvar cartão' }).click();
  await expect(cardForm(page).getByRole('alert')).toHaveText('Seu cartão foi recusado.');
  await typeCard(page, '5555555555554444');
  await checkScreen(page, 'pagamento-alterar');
  await cardForm(page).getByRole('button', { name: 'Salvar cartão' }).click();
  await expect(page.getByText('Cartão atualizado com sucesso!')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Meu Prontuário Anual' })).toContainText(
    'Mastercard •••• 4444 · validade 12/34',
  );
  expect(csp).toEqual([]);
});

test('the doctor profile says a request needs paying; the reason written survives buying one, and it is sent', async ({
  page,
  request,
}) => {
  const csp = watchCspViolations(page);
  const patient = await registerPatient(request, 'Fernanda Lopes');
  await verifyEmailThroughOutbox(request, patient.email);
  await signInWithToken(page, patient.token);
  const medico = DOCTORS.solicitacao;
  const id = await medicoIdByName(request, patient.token, medico.name);
  await page.goto(`/telemedicina/medico/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: medico.name })).toBeVisible();

  // Before writing anything, the profile says what is missing and how to pay (docs/api/telemedicina.md).
  const missing = page.getByRole('note').filter({ hasText: 'Para solicitar, você precisa de um plano' });
  await expect(missing).toBeVisible();
  await expect(page.getByRole('button', { name: 'Solicitar atendimento' })).toHaveAccessibleDescription(
    /Para solicitar, você precisa/,
  );
  await checkScreen(page, 'telemedicina-medico-sem-pagamento');

  await page.getByRole('button', { name: 'Solicitar atendimento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Solicitar atendimento' });
  await expect(dialog.getByRole('note')).toContainText('Para solicitar, você precisa');
  const motivo = dialog.getByRole('textbox', { name: /Motivo da solicitação/ });
  await motivo.pressSequentially('Falta de ar ao subir escadas.');
  await dialog.getByRole('note').getByRole('link', { name: 'Comprar atendimento avulso' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Comprar atendimento' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Atendimento avulso' })).toContainText('R$ 59,90');
  await expect(cardForm(page).getByRole('link', { name: 'Voltar' })).toHaveAttribute(
    'href',
    `/telemedicina/medico/${id}?solicitar=1`,
  );
  await typeCard(page, '4242424242424242');
  await checkScreen(page, 'telemedicina-purchase');
  await cardForm(page).getByRole('button', { name: 'Pagar R$ 59,90' }).click();
  await expect(page.getByText(PAID)).toBeVisible();

  // Back on the profile with the request open, the reason as written, and the credit it will use.
  await expect(page).toHaveURL(new RegExp(`/telemedicina/medico/${id}$`));
  await expect(dialog).toBeVisible();
  await expect(motivo).toHaveValue('Falta de ar ao subir escadas.');
  await expect(
    dialog.getByText('Este atendimento usará 1 dos seus atendimentos avulsos (você tem 1).'),
  ).toBeVisible();
  await checkScreen(page, 'telemedicina-solicitar-com-credito');
  await dialog.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(page.getByRole('dialog', { name: 'Solicitação enviada' })).toBeVisible();
  expect(csp).toEqual([]);
});

test('a patient in the free month reads on /planos when it ends and when a plan is first charged', async ({
  page,
  request,
}) => {
  const patient = await registerPatient(request, 'Teresa Nunes');
  await verifyEmailThroughOutbox(request, patient.email);
  await signInWithToken(page, patient.token);
  await page.goto('/planos');
  await expect(page.getByRole('heading', { level: 1, name: 'Planos' })).toBeVisible();
  // A month from today, in São Paulo: 28 to 31 days.
  await expect(
    page.getByText(/^Seu período gratuito termina em \d{2}\/\d{2}\/\d{4} \((28|29|30|31) dias\)$/),
  ).toBeVisible();
  await expect(page.getByText(/Ao assinar, a primeira cobrança é feita na hora/)).toBeVisible();
  await expect(page.getByText(/Assine um plano para continuar/)).toHaveCount(0);
  await checkScreen(page, 'planos-periodo-gratuito');
});
