import { expect, type Page, test } from '@playwright/test';
import { checkScreen } from './support/checks.ts';
import { watchCspViolations } from './support/csp.ts';
import { fillEmergencyData, registerPatient, signInWithToken } from './support/patient-api.ts';
import { STAFF } from './support/staff.ts';

/**
 * Companies and coupons in the admin area (issue 9 "Companies", "Content"):
 * an admin creates a company and its invitation links, a new person
 * registers through one link, the admin sees the member and ends the link
 * (the account stops being `empresarial`); an admin creates a 20% coupon and
 * a patient applies it on /qrcode/purchase (R$ 19,90 → R$ 15,92).
 */

const run = Date.now().toString(36).toUpperCase();

async function signInAdmin(page: Page): Promise<void> {
  await page.goto('/admin');
  const form = page.getByRole('form', { name: 'Entrar na administração' });
  await form.getByLabel('E-mail').fill(STAFF.admin.email);
  await form.getByLabel('Senha', { exact: true }).fill(STAFF.admin.password);
  await form.getByLabel('Senha', { exact: true }).press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();
}

test('an admin invites through a company link, sees the new member and ends the link', async ({
  page,
  browser,
}) => {
  const csp = watchCspViolations(page);
  const empresa = `Construtora Horizonte ${run}`;
  const person = { name: 'Bruno Almeida', email: `bruno.${run.toLowerCase()}@horizonte.example` };

  await signInAdmin(page);
  const nav = page.getByRole('navigation', { name: 'Área administrativa' });
  await nav.getByRole('link', { name: 'Empresas' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Empresas' })).toBeVisible();
  await expect(page).toHaveTitle(/Empresas/);

  const novo = page.getByRole('form', { name: 'Nova empresa' });
  await novo.getByLabel('CNPJ (opcional)').fill('11.222.333/0001-82');
  await novo.getByRole('button', { name: 'Criar empresa' }).click();
  await expect(novo.getByText('Informe o nome da empresa')).toBeVisible();
  await expect(novo.getByText(/Informe um CNPJ válido/)).toBeVisible();
  await checkScreen(page, 'admin-empresas');
  await novo.getByLabel('Nome da empresa').fill(empresa);
  await novo.getByLabel('CNPJ (opcional)').fill('11.222.333/0001-81');
  await novo.getByRole('button', { name: 'Criar empresa' }).click();
  await expect(page.getByText('Empresa criada.')).toBeVisible();

  // The company's panel opens: no members, no invitations yet.
  const panel = page.getByRole('region', { name: empresa });
  await expect(panel.getByRole('heading', { level: 2, name: empresa })).toBeFocused();
  await expect(panel.getByText('CNPJ 11.222.333/0001-81')).toBeVisible();
  await expect(panel.getByText('Nenhum convite gerado ainda.')).toBeVisible();

  const convites = panel.getByRole('form', { name: 'Gerar convites' });
  await convites.getByLabel('Quantos convites').fill('2');
  await expect(convites.getByLabel('Validade em dias')).toHaveValue('30');
  await convites.getByRole('button', { name: 'Gerar convites' }).click();
  const links = panel.getByLabel('Links de convite');
  await expect(links).toHaveValue(
    /\/registerCompany\/[A-Za-z0-9_-]{43}\n.+\/registerCompany\/[A-Za-z0-9_-]{43}$/,
  );
  const [link] = (await links.inputValue()).split('\n');
  await expect(panel.getByRole('table', { name: `Convites de ${empresa}` }).getByRole('row')).toHaveCount(3);
  await checkScreen(page, 'admin-empresa-convites');

  // A new person registers through the first link.
  const other = await browser.newContext({ locale: 'pt-BR' });
  const employee = await other.newPage();
  const employeeCsp = watchCspViolations(employee);
  await employee.goto(link as string);
  await expect(employee.getByText(`Convite de ${empresa}`)).toBeVisible();
  await employee.getByLabel('Nome e sobrenome').fill(person.name);
  await employee.getByLabel('Celular').pressSequentially('11976543210');
  await employee.getByRole('button', { name: 'Próximo' }).click();
  await employee.getByLabel('E-mail', { exact: true }).fill(person.email);
  await employee.getByLabel('Senha', { exact: true }).fill('segredo-forte-123');
  await employee.getByLabel('Confirme a senha').fill('segredo-forte-123');
  await employee.getByRole('checkbox', { name: /Li e aceito/ }).check();
  await employee.getByRole('button', { name: 'Criar conta' }).click();
  await expect(employee.getByText('Cadastro realizado com sucesso')).toBeVisible();
  const empresarial = () =>
    employee.evaluate(async () => {
      const res = await fetch('/api/user', {
        headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return ((await res.json()) as { user: { empresarial: boolean } }).user.empresarial;
    });
  expect(await empresarial()).toBe(true);

  // The admin sees the member and the used invitation.
  await page.reload();
  const membros = panel.getByRole('table', { name: `Membros de ${empresa}` });
  await expect(membros.getByRole('rowheader', { name: person.name })).toBeVisible();
  await expect(membros).toContainText(person.email);
  await expect(panel.getByRole('table', { name: `Convites de ${empresa}` })).toContainText('Usado');
  await expect(panel.getByRole('table', { name: `Convites de ${empresa}` })).toContainText(person.name);

  await membros.getByRole('button', { name: `Encerrar vínculo de ${person.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Encerrar vínculo' });
  await expect(dialog).toContainText(`Encerrar o vínculo de ${person.name} com ${empresa}?`);
  await checkScreen(page, 'admin-empresa-encerrar');
  await dialog.getByRole('button', { name: 'Encerrar vínculo' }).click();
  await expect(page.getByText('Vínculo encerrado. A conta deixou de ser empresarial.')).toBeVisible();
  await expect(panel.getByText('Ninguém se cadastrou por um convite desta empresa ainda.')).toBeVisible();
  expect(await empresarial()).toBe(false);

  // The list counts it.
  const row = page
    .getByRole('table', { name: 'Empresas cadastradas' })
    .getByRole('row', { name: new RegExp(empresa) });
  await expect(row.getByRole('cell').nth(1)).toHaveText('0');
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');

  await other.close();
  expect(csp).toEqual([]);
  expect(employeeCsp).toEqual([]);
});

test('an admin creates a 20% coupon and a patient pays R$ 15,92 for the stickers with it', async ({
  page,
  browser,
  request,
}) => {
  const csp = watchCspViolations(page);
  const cupom = `VINTE${run}`.slice(0, 40);

  await signInAdmin(page);
  await page.goto('/admin/planos');
  await expect(page.getByRole('heading', { level: 1, name: 'Planos, cupons e preços' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Planos' })).toContainText('Meu Prontuário');
  await checkScreen(page, 'admin-planos');

  await page.getByRole('button', { name: 'Novo cupom' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo cupom' });
  const form = dialog.getByRole('form', { name: 'Novo cupom' });
  await form.getByLabel('Nome do cupom').fill(cupom.toLowerCase());
  await form.getByLabel('Desconto (%)').fill('120');
  await form.getByRole('button', { name: 'Salvar cupom' }).click();
  await expect(form.getByText('Informe o desconto: um percentual inteiro de 1 a 100')).toBeVisible();
  await checkScreen(page, 'admin-cupom-form');
  await form.getByLabel('Desconto (%)').fill('20');
  await form.getByRole('button', { name: 'Salvar cupom' }).click();
  await expect(page.getByText('Cupom criado.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole('table', { name: 'Cupons' }).getByRole('row', { name: new RegExp(cupom) });
  await expect(row).toContainText('20%');
  await expect(row).toContainText('Válido');

  // The patient's checkout.
  const patientContext = await browser.newContext({ locale: 'pt-BR' });
  const shopper = await patientContext.newPage();
  const shopperCsp = watchCspViolations(shopper);
  const patient = await registerPatient(request, 'Camila Souza');
  await fillEmergencyData(request, patient.token);
  await signInWithToken(shopper, patient.token);
  await shopper.goto('/qrcode/generate');
  await shopper.getByRole('link', { name: 'Pedir adesivos' }).click();
  await shopper.getByRole('button', { name: 'Continuar' }).click();
  const address = shopper.getByRole('form', { name: 'Endereço de entrega' });
  await address.getByLabel('CEP').pressSequentially('01310100');
  await address.getByRole('button', { name: 'Continuar' }).click();
  await expect(shopper.getByRole('heading', { level: 2, name: 'Pagamento' })).toBeVisible();
  const coupon = shopper.getByRole('form', { name: 'Cupom de desconto' });
  await coupon.getByLabel('Cupom de desconto').fill(cupom.toLowerCase());
  await coupon.getByRole('button', { name: 'Aplicar' }).click();
  await expect(shopper.getByText('Cupom aplicado com sucesso!')).toBeVisible();
  await expect(shopper.getByText(new RegExp(`${cupom}.*20% de desconto`))).toBeVisible();
  const card = shopper.getByRole('form', { name: 'Dados do cartão' });
  await expect(card.getByRole('button', { name: /^Pagar R\$\s15,92$/ })).toBeVisible();

  await patientContext.close();
  expect(csp).toEqual([]);
  expect(shopperCsp).toEqual([]);
});
