import {
  enumLabel,
  formatPhone,
  type PublicCodeView,
  RELACAO,
  SANGUE,
  SEXO,
  STATIC_FACTS_ID,
  telHref,
} from '@pulso/domain';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

/**
 * The facts a first responder needs, as plain HTML that shows before any
 * script runs (RULINGS.md "Who sees what", Emergency tab): name, age and
 * sex, blood type (always with its label, never by colour alone), allergies
 * and medications when the patient lets a visitor read My Health (level 4;
 * 'Nenhuma informada' when blank), the emergency contact with a call link,
 * and the SAMU 192 / Bombeiros 193 calls.
 * Styled by `/emergency.css`; the SPA's page replaces it once loaded.
 */
export function renderEmergencyFacts(view: PublicCodeView['user']): string {
  const e = escapeHtml;
  const about = [view.idade !== null ? `${view.idade} anos` : null, enumLabel(SEXO, view.geral.sexo)]
    .filter(Boolean)
    .join(' · ');
  const sangue = enumLabel(SANGUE, view.geral.sangue) ?? 'Não informado';
  const { contato, contato_telefone, contato_relacao } = view.pessoal;
  const relacao = enumLabel(RELACAO, contato_relacao);
  const contact =
    contato || contato_telefone
      ? `<section class="pe-contact" aria-label="Contato de emergência"><p class="pe-label">Contato de emergência</p>` +
        `<p class="pe-name">${e(contato ?? 'Contato')}${relacao ? ` (${e(relacao)})` : ''}</p>` +
        (contato_telefone
          ? `<p>${e(formatPhone(contato_telefone))}</p><a class="pe-call" href="${e(telHref(contato_telefone))}">Ligar para ${e(contato ?? 'o contato')}</a>`
          : '') +
        '</section>'
      : '';
  const alert = view.saude
    ? '<section class="pe-alert" aria-label="Alergias e medicamentos">' +
      `<p><span>Alergias</span>${e(view.saude.alergias?.trim() || 'Nenhuma informada')}</p>` +
      `<p><span>Medicamentos</span>${e(view.saude.medicamentos?.trim() || 'Nenhuma informada')}</p>` +
      '</section>'
    : '';
  return (
    `<div id="${STATIC_FACTS_ID}" class="pe"><header class="pe-bar"><span>Pulso</span><a href="/login">Entrar</a></header>` +
    `<main class="pe-main"><h1>${e(view.name)}</h1>${about ? `<p class="pe-about">${e(about)}</p>` : ''}` +
    `${alert}<p class="pe-blood"><span>Tipo sanguíneo</span><strong>${e(sangue)}</strong></p>${contact}` +
    '<p class="pe-services"><a href="tel:192">Ligar SAMU 192</a><a href="tel:193">Ligar Bombeiros 193</a></p>' +
    '</main></div>'
  );
}
