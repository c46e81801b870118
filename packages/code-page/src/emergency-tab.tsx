/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import {
  contactWhatsappHref,
  enumLabel,
  type HealthAlertView,
  type PublicEmergencyView,
  SANGUE,
} from '@pulso/domain';
import type { ComponentChildren } from 'preact';
import { blankToNull, formatDate, formatDecimal, formatPhone, initialsOf, telHref } from './format.ts';
import type { Messages } from './i18n.ts';

/** A label and its value; `null` reads 'Não informado' (in the page's language), never a blank. */
export function Row({ t, label, children }: { t: Messages; label: string; children: ComponentChildren }) {
  return (
    <div class="cp-row">
      <dt>{label}</dt>
      <dd>{children ?? t.notInformed}</dd>
    </div>
  );
}

/** 'Ligar SAMU 192' and 'Ligar Bombeiros 193': no patient data needed, so shown in every state. */
export function ServiceCalls({ t }: { t: Messages }) {
  return (
    <>
      <a class="cp-call cp-call-service" href="tel:192">
        <span>{t.callSamu}</span> <span class="cp-call-number">192</span>
      </a>
      <a class="cp-call cp-call-service" href="tel:193">
        <span>{t.callBombeiros}</span> <span class="cp-call-number">193</span>
      </a>
    </>
  );
}

/**
 * The red strip first in the Emergency tab, when the server sends it (the patient turned it on for
 * everyone, or the viewer may read My Health; docs/authorization.md): allergies, medications and
 * chronic conditions, what a responder checks before giving any drug ('Nenhuma informada' when
 * blank). An alert, so a screen reader announces it first; white on #c92a2a is 5.5:1. The patient's
 * words keep their language (`lang="pt-BR"`).
 */
export function HealthAlert({ t, alerta }: { t: Messages; alerta: HealthAlertView }) {
  const rows: [string, string | null][] = [
    [t.allergies, blankToNull(alerta.alergias)],
    [t.medications, blankToNull(alerta.medicamentos)],
    [t.saude.diseases, alerta.doencas.length > 0 ? alerta.doencas.join(', ') : null],
  ];
  return (
    <div role="alert" aria-label={t.alertLabel} class="cp-alert">
      <dl>
        {rows.map(([label, value]) => (
          <div key={label} class="cp-alert-row">
            <dt>{label}</dt>
            <dd lang="pt-BR">{value ?? t.noneInformed}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * The Emergency tab of /code/:code (docs/public-code-page.md; who sees what: docs/authorization.md):
 * the allergies strip when the server sent `user.alerta`; the photo, name and age; the blood type,
 * always written next to its label; the emergency contact with its call button and the SAMU 192 /
 * Bombeiros 193 calls; then sex, birth date, the patient's phone, organ donation, physical
 * characteristics, the city (and the street address when the server sent it) and the date of the
 * last update. Rendered on the server into the page and taken over by the browser without a change
 * (`hydrate`).
 */
export function EmergencyTab({
  t,
  user,
  updatedOn,
  map = null,
}: {
  t: Messages;
  user: PublicEmergencyView;
  /** The map link of the location the viewer shared, for the WhatsApp message (docs/code-alerts.md "Where"). */
  map?: string | null;
  /** The São Paulo day of `user.updated_at` (`YYYY-MM-DD`), worked out where `Intl` costs least. */
  updatedOn: string;
}) {
  const { pessoal, caracteristicas: fisico, geral } = user;
  const sangue = enumLabel(SANGUE, geral.sangue);
  const sexo = enumLabel(t.sexo, geral.sexo);
  const contato = blankToNull(pessoal.contato);
  const contatoTelefone = blankToNull(pessoal.contato_telefone);
  const relacao = enumLabel(t.relacao, pessoal.contato_relacao);
  // The viewer's own WhatsApp tells the contact, in pt-BR whatever the page's language (docs/public-code-page.md).
  const whatsapp = contatoTelefone ? contactWhatsappHref(contatoTelefone, user.name, map ?? undefined) : null;
  const meta = [user.idade === null ? null : t.age(user.idade), sexo].filter(Boolean).join(' · ');
  const telefone = blankToNull(pessoal.telefone);
  const complemento = blankToNull(geral.complemento);

  return (
    <>
      {user.alerta && <HealthAlert t={t} alerta={user.alerta} />}
      <div class="cp-identity">
        {user.avatar ? (
          <img class="cp-photo" src={user.avatar} alt={t.photoOf(user.name)} width={72} height={72} />
        ) : (
          <span class="cp-photo cp-initials" aria-hidden="true">
            {initialsOf(user.name)}
          </span>
        )}
        <div>
          <h1 class="cp-name">{user.name}</h1>
          {meta && <p class="cp-meta">{meta}</p>}
        </div>
      </div>

      <p class="cp-blood">
        <span class="cp-blood-label">{t.bloodType}</span>
        {sangue ? (
          <span class="cp-blood-value">{sangue}</span>
        ) : (
          <span class="cp-blood-unknown">{t.notInformed}</span>
        )}
      </p>

      <section class="cp-contact" aria-labelledby="contato-emergencia">
        <h2 id="contato-emergencia" class="cp-label">
          {t.contact}
        </h2>
        {contato || contatoTelefone ? (
          <>
            <p class="cp-contact-name">
              {contato ?? t.notInformed}
              {relacao && <span class="cp-relation"> ({relacao})</span>}
            </p>
            {contatoTelefone && <p class="cp-contact-phone">{formatPhone(contatoTelefone)}</p>}
          </>
        ) : (
          <p class="cp-contact-name">{t.notInformed}</p>
        )}
        <div class="cp-calls">
          {contatoTelefone && (
            <a class="cp-call cp-call-contact" href={telHref(contatoTelefone)}>
              {t.callContact(contato ?? t.theContact)}
            </a>
          )}
          {whatsapp && (
            <a class="cp-call cp-call-whatsapp" href={whatsapp} target="_blank" rel="noopener noreferrer">
              {t.whatsappContact(contato ?? t.theContact)}
            </a>
          )}
          <ServiceCalls t={t} />
        </div>
      </section>

      <div class="cp-details">
        <section aria-labelledby="dados-pessoais">
          <h2 id="dados-pessoais" class="cp-detail-title">
            {t.personal}
          </h2>
          <dl class="cp-list">
            <Row t={t} label={t.sex}>
              {sexo}
            </Row>
            <Row t={t} label={t.birth}>
              {geral.nascimento ? formatDate(geral.nascimento, t.lang) : null}
            </Row>
            <Row t={t} label={t.patientPhone}>
              {telefone ? <a href={telHref(telefone)}>{formatPhone(telefone)}</a> : null}
            </Row>
            <Row t={t} label={t.donor}>
              {enumLabel(t.doador, user.outras.doador)}
            </Row>
          </dl>
        </section>

        <section aria-labelledby="caracteristicas">
          <h2 id="caracteristicas" class="cp-detail-title">
            {t.physical}
          </h2>
          <dl class="cp-list">
            <Row t={t} label={t.weight}>
              {fisico.peso === null ? null : `${formatDecimal(fisico.peso, t.lang)} kg`}
            </Row>
            <Row t={t} label={t.height}>
              {fisico.altura === null ? null : `${formatDecimal(fisico.altura, t.lang)} m`}
            </Row>
            <Row t={t} label={t.skin}>
              {enumLabel(t.cor, fisico.cor)}
            </Row>
            <Row t={t} label={t.eyes}>
              {enumLabel(t.olhos, fisico.olhos)}
            </Row>
            <Row t={t} label={t.marks}>
              {blankToNull(fisico.sinal)}
            </Row>
          </dl>
        </section>

        <section aria-labelledby="endereco">
          <h2 id="endereco" class="cp-detail-title">
            {t.address}
          </h2>
          <dl class="cp-list">
            {geral.endereco !== undefined && (
              <Row t={t} label={t.address}>
                {blankToNull(geral.endereco)}
              </Row>
            )}
            {geral.bairro !== undefined && (
              <Row t={t} label={t.neighbourhood}>
                {blankToNull(geral.bairro)}
              </Row>
            )}
            {complemento && (
              <Row t={t} label={t.complement}>
                {complemento}
              </Row>
            )}
            <Row t={t} label={t.city}>
              {geral.cidade?.descricao ?? null}
            </Row>
          </dl>
        </section>
      </div>

      <p class="cp-updated">{t.updated(formatDate(updatedOn, t.lang))}</p>
    </>
  );
}
