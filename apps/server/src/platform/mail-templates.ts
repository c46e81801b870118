import { ACCOUNT_MESSAGES, formatCentavos, formatInstantBR } from '@pulso/domain';
import type { MailMessage } from './mail.ts';

const PRODUCT = 'Pulso';

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

interface ActionMail {
  to: string;
  subject: string;
  greetingName: string;
  /** Paragraphs before the button. */
  intro: string[];
  action: string;
  link: string;
  /** Paragraphs after the button. */
  outro: string[];
}

/** A one-button transactional mail in pt-BR, as HTML (inline styles: mail clients drop `<style>`) and text. */
function actionMail(m: ActionMail): MailMessage {
  const firstName = m.greetingName.trim().split(/\s+/)[0] ?? '';
  const greeting = firstName ? `Olá, ${firstName}!` : 'Olá!';
  const p = (t: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(t)}</p>`;
  const link = escapeHtml(m.link);
  const html = `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>${escapeHtml(m.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f1f3f5;font-family:Arial,Helvetica,sans-serif;color:#212529">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="margin:0 0 24px;font-size:22px;color:#1864ab">${PRODUCT}</h1>
${p(greeting)}
${m.intro.map(p).join('\n')}
<p style="margin:24px 0"><a href="${link}" style="display:inline-block;background:#1864ab;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:6px">${escapeHtml(m.action)}</a></p>
<p style="margin:0 0 16px;line-height:1.5;font-size:14px">Se o botão não funcionar, copie e cole este endereço no navegador:<br><a href="${link}" style="color:#1864ab;word-break:break-all">${link}</a></p>
${m.outro.map(p).join('\n')}
<p style="margin:24px 0 0;font-size:13px;color:#495057">Equipe ${PRODUCT}. Esta mensagem foi enviada automaticamente; não é preciso respondê-la.</p>
</div>
</body>
</html>
`;
  const text = [
    PRODUCT,
    '',
    greeting,
    '',
    ...m.intro.flatMap((t) => [t, '']),
    `${m.action}: ${m.link}`,
    '',
    ...m.outro.flatMap((t) => [t, '']),
    `Equipe ${PRODUCT}. Esta mensagem foi enviada automaticamente; não é preciso respondê-la.`,
    '',
  ].join('\n');
  return { to: m.to, subject: m.subject, text, html };
}

/** 'Confirme seu e-mail' (issue 3): the link opens `/email/verify/:token`, valid for 24 hours. */
export function verificationMail(input: { to: string; name: string; link: string }): MailMessage {
  return actionMail({
    to: input.to,
    subject: `${ACCOUNT_MESSAGES.verifySubject} - ${PRODUCT}`,
    greetingName: input.name,
    intro: [
      `Sua conta no ${PRODUCT} foi criada. Para proteger seus dados de saúde, confirme que este e-mail é seu.`,
    ],
    action: 'Confirmar meu e-mail',
    link: input.link,
    outro: [
      'O link vale por 24 horas e pode ser usado uma única vez.',
      `Se você não criou uma conta no ${PRODUCT}, ignore esta mensagem.`,
    ],
  });
}

/** Password reset (issue 3): the link opens `/password/reset/:token?email=`, valid for 60 minutes. */
export function passwordResetMail(input: { to: string; name: string; link: string }): MailMessage {
  return actionMail({
    to: input.to,
    subject: `${ACCOUNT_MESSAGES.resetSubject} - ${PRODUCT}`,
    greetingName: input.name,
    intro: [`Recebemos um pedido para redefinir a senha da sua conta no ${PRODUCT}.`],
    action: 'Criar nova senha',
    link: input.link,
    outro: [
      'O link vale por 60 minutos e pode ser usado uma única vez. Ao criar a nova senha, todos os aparelhos conectados à sua conta serão desconectados.',
      'Se você não pediu a redefinição, ignore esta mensagem: sua senha continua a mesma.',
    ],
  });
}

/**
 * The receipt of a payment (issue 8: "a receipt is mailed"): what was paid,
 * the amount (centavos shown as R$), the card (brand and last 4 digits, never
 * more), when (America/Sao_Paulo) and the payment's number; the button opens
 * `link` (where the purchase is used).
 */
export function receiptMail(input: {
  to: string;
  name: string;
  descricao: string;
  valor: number;
  card: { brand: string; last4: string } | null;
  paidAt: Date;
  paymentId: number;
  action: string;
  link: string;
}): MailMessage {
  const brand = input.card ? input.card.brand.charAt(0).toUpperCase() + input.card.brand.slice(1) : null;
  return actionMail({
    to: input.to,
    subject: `Recibo do pagamento nº ${input.paymentId} - ${PRODUCT}`,
    greetingName: input.name,
    intro: [
      'Recebemos o seu pagamento. Guarde este e-mail como recibo.',
      `Descrição: ${input.descricao}`,
      `Valor: ${formatCentavos(input.valor)}`,
      ...(brand && input.card ? [`Cartão: ${brand} terminado em ${input.card.last4}`] : []),
      `Data: ${formatInstantBR(input.paidAt)}`,
      `Pagamento nº ${input.paymentId}`,
    ],
    action: input.action,
    link: input.link,
    outro: [`Dúvidas sobre o pagamento? Veja as perguntas frequentes no menu do ${PRODUCT}.`],
  });
}

/**
 * A plan that could not renew (issue 8: a failed renewal ends the plan):
 * why, that nothing was lost, and the way back (`link`, /planos).
 */
export function renewalFailedMail(input: {
  to: string;
  name: string;
  plano: string;
  reason: string;
  link: string;
}): MailMessage {
  return actionMail({
    to: input.to,
    subject: `Não foi possível renovar seu plano - ${PRODUCT}`,
    greetingName: input.name,
    intro: [
      `Não conseguimos renovar o seu plano ${input.plano}: ${input.reason}`,
      'Seus dados continuam guardados. Para voltar a registrar na linha do tempo, nos indicadores e no mapa da dor, assine de novo.',
    ],
    action: 'Ver planos',
    link: input.link,
    outro: [],
  });
}

/**
 * Sticker order sent (issue 9 "Orders": the patient gets an e-mail when
 * staff mark the order sent): the order's number, the tracking code when
 * there is one (with where to follow it) and a button to 'Meus pedidos'
 * (`link`, /qrcode/orders).
 */
export function pedidoEnviadoMail(input: {
  to: string;
  name: string;
  pedidoId: number;
  rastreio: string | null;
  link: string;
}): MailMessage {
  return actionMail({
    to: input.to,
    subject: `Seus adesivos foram enviados (pedido nº ${input.pedidoId}) - ${PRODUCT}`,
    greetingName: input.name,
    intro: [
      `Seu pedido nº ${input.pedidoId}, o kit com 4 adesivos QR Code, foi enviado pelos Correios.`,
      ...(input.rastreio
        ? [
            `Código de rastreio: ${input.rastreio}. Acompanhe a entrega no site dos Correios (rastreamento.correios.com.br).`,
          ]
        : ['Este envio não tem código de rastreio.']),
    ],
    action: 'Ver meus pedidos',
    link: input.link,
    outro: ['Quando chegarem, cole os adesivos onde alguém possa encontrá-los numa emergência.'],
  });
}

/**
 * An alert that the patient's code was opened, or where its viewer was (docs/code-alerts.md): `text` the
 * domain's `codeAlertText` or `locationAlertText`; the button opens the access log (`link`). No health data.
 */
export function codeAlertMail(input: {
  to: string;
  name: string;
  subject: string;
  text: string;
  link: string;
}): MailMessage {
  return actionMail({
    to: input.to,
    subject: `${input.subject} - ${PRODUCT}`,
    greetingName: input.name,
    intro: [input.text],
    action: 'Ver quem acessou meus dados',
    link: input.link,
    outro: [
      'Se era você ou alguém que você esperava, não é preciso fazer nada.',
      'Você recebe este aviso porque ele está ligado em Permissões; lá você pode desligar o aviso por e-mail ou por notificação.',
    ],
  });
}

/**
 * "Seus dados estão prontos" (docs/data-export.md "The job"): the ZIP asked for in /settings is
 * ready until `validoAte` (`dd/mm/aaaa às HH:mm`, America/Sao_Paulo); the button opens `link`
 * (/settings), where the signed-in owner downloads it. No health data and no download link in the mail:
 * the file is served only to the signed-in owner.
 */
export function exportacaoProntaMail(input: {
  to: string;
  name: string;
  validoAte: string;
  link: string;
}): MailMessage {
  return actionMail({
    to: input.to,
    subject: `Seus dados estão prontos para baixar - ${PRODUCT}`,
    greetingName: input.name,
    intro: [
      `O arquivo com os seus dados do ${PRODUCT}, que você pediu em Configurações, está pronto.`,
      `Ele pode ser baixado até ${input.validoAte}, depois de entrar na sua conta, em Configurações → Baixar meus dados.`,
    ],
    action: 'Baixar meus dados',
    link: input.link,
    outro: [
      'Guarde o arquivo em um lugar seguro: ele contém os seus dados de saúde.',
      `Se você não pediu os seus dados, troque sua senha e fale com a equipe do ${PRODUCT}.`,
    ],
  });
}

/**
 * "Excluir minha conta e meus dados" asked (docs/account-deletion.md "Asking"): the day the data will be
 * erased (`dia`, dd/mm/aaaa), that signing in before it cancels the deletion (the button opens `link`, the
 * sign-in page) and what is kept after it.
 */
export function deletionRequestedMail(input: {
  to: string;
  name: string;
  dia: string;
  link: string;
}): MailMessage {
  return actionMail({
    to: input.to,
    subject: `Exclusão da sua conta marcada para ${input.dia} - ${PRODUCT}`,
    greetingName: input.name,
    intro: [
      `Recebemos o seu pedido para excluir a sua conta e os seus dados no ${PRODUCT}. A conta já foi desativada e o seu código não mostra mais nada.`,
      `Em ${input.dia} os seus dados serão excluídos definitivamente. Até lá, basta entrar com o seu e-mail e a sua senha para cancelar a exclusão.`,
    ],
    action: 'Entrar e cancelar a exclusão',
    link: input.link,
    outro: [
      'Depois da exclusão guardamos apenas o que a lei exige: o que os médicos escreveram nos seus atendimentos (prontuário, por 20 anos) e os valores e datas dos pagamentos, sem ligação com você (5 anos).',
      'Se você não pediu a exclusão, entre agora e troque a sua senha.',
    ],
  });
}
