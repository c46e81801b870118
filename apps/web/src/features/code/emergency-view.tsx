import {
  COR,
  DOADOR,
  enumLabel,
  formatDateBR,
  formatInstantBR,
  formatPhone,
  OLHOS,
  type PublicEmergencyView,
  RELACAO,
  SANGUE,
  type SaudeView,
  SEXO,
  telHref,
} from '@pulso/domain';
import type { ReactNode } from 'react';
import classes from './code-page.module.css';

/** What an empty field reads (spec 2 §2 public view; never a blank). */
export const NOT_INFORMED = 'Não informado';

const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

/** `34` → '34 anos', `1` → '1 ano', `0` → 'Menos de 1 ano'. */
export function formatAge(idade: number): string {
  if (idade < 1) return 'Menos de 1 ano';
  return idade === 1 ? '1 ano' : `${idade} anos`;
}

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.row}>
      <dt>{label}</dt>
      <dd>{children ?? NOT_INFORMED}</dd>
    </div>
  );
}

/**
 * 'Ligar SAMU 192' and 'Ligar Bombeiros 193': need no patient data, so they
 * are shown while loading and after a failure too. Place inside a `.calls` grid.
 */
export function ServiceCalls() {
  return (
    <>
      <a className={`${classes.call} ${classes.callService}`} href="tel:192">
        <span>Ligar SAMU</span> <span className={classes.callNumber}>192</span>
      </a>
      <a className={`${classes.call} ${classes.callService}`} href="tel:193">
        <span>Ligar Bombeiros</span> <span className={classes.callNumber}>193</span>
      </a>
    </>
  );
}

const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** What an empty allergy or medication list reads in the alert strip (issue 4: never a blank). */
export const NONE_INFORMED = 'Nenhuma informada';

/**
 * The red strip at the top of the Emergency tab (issue 4), only when the
 * viewer may read My Health: allergies and medications, the first things a
 * responder checks before giving any drug. An alert, so a screen reader
 * announces it before the rest; white on red 9 is 5.5:1.
 */
export function HealthAlert({ saude }: { saude: SaudeView }) {
  return (
    <div role="alert" aria-label="Alergias e medicamentos" className={classes.alert}>
      <dl className={classes.alertList}>
        <div className={classes.alertRow}>
          <dt>Alergias</dt>
          <dd>{text(saude.alergias) ?? NONE_INFORMED}</dd>
        </div>
        <div className={classes.alertRow}>
          <dt>Medicamentos</dt>
          <dd>{text(saude.medicamentos) ?? NONE_INFORMED}</dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * The Emergency tab of /code/:code (RULINGS.md "Who sees what"): first, when
 * the viewer may read My Health (`saude` given), the allergies and medications
 * strip; then the photo, name and age, the blood type, the emergency contact
 * with a call button and the SAMU 192 / Bombeiros 193 calls; then sex,
 * physical characteristics, address, organ donor and the date of the last
 * update.
 */
export function EmergencyView({ user, saude }: { user: PublicEmergencyView; saude?: SaudeView }) {
  const { pessoal, caracteristicas: fisico, geral } = user;
  const sangue = enumLabel(SANGUE, geral.sangue);
  const sexo = geral.sexo && geral.sexo !== 'N' ? SEXO[geral.sexo] : null;
  const contato = text(pessoal.contato);
  const contatoTelefone = text(pessoal.contato_telefone);
  const relacao = enumLabel(RELACAO, pessoal.contato_relacao);
  const meta = [user.idade === null ? null : formatAge(user.idade), sexo].filter(Boolean).join(' · ');

  return (
    <>
      {saude && <HealthAlert saude={saude} />}
      <div className={classes.identity}>
        {user.avatar ? (
          <img
            className={classes.photo}
            src={user.avatar}
            alt={`Foto de ${user.name}`}
            width={72}
            height={72}
          />
        ) : (
          <span className={`${classes.photo} ${classes.initials}`} aria-hidden="true">
            {initialsOf(user.name)}
          </span>
        )}
        <div>
          <h1 className={classes.name}>{user.name}</h1>
          {meta && <p className={classes.meta}>{meta}</p>}
        </div>
      </div>

      <p className={classes.blood}>
        <span className={classes.bloodLabel}>Tipo sanguíneo</span>
        {sangue ? (
          <span className={classes.bloodValue}>{sangue}</span>
        ) : (
          <span className={classes.bloodUnknown}>{NOT_INFORMED}</span>
        )}
      </p>

      <section className={classes.contact} aria-labelledby="contato-emergencia">
        <h2 id="contato-emergencia" className={classes.sectionLabel}>
          Contato de emergência
        </h2>
        {contato || contatoTelefone ? (
          <>
            <p className={classes.contactName}>
              {contato ?? NOT_INFORMED}
              {relacao && <span className={classes.relation}> ({relacao})</span>}
            </p>
            {contatoTelefone && <p className={classes.contactPhone}>{formatPhone(contatoTelefone)}</p>}
          </>
        ) : (
          <p className={classes.contactName}>{NOT_INFORMED}</p>
        )}
        <div className={classes.calls}>
          {contatoTelefone && (
            <a className={`${classes.call} ${classes.callContact}`} href={telHref(contatoTelefone)}>
              Ligar para {contato ?? 'o contato'}
            </a>
          )}
          <ServiceCalls />
        </div>
      </section>

      <div className={classes.details}>
        <section aria-labelledby="dados-pessoais">
          <h2 id="dados-pessoais" className={classes.detailTitle}>
            Dados pessoais
          </h2>
          <dl className={classes.list}>
            <Row label="Sexo">{sexo}</Row>
            <Row label="Nascimento">{geral.nascimento ? formatDateBR(geral.nascimento) : null}</Row>
            <Row label="Celular do paciente">
              {text(pessoal.telefone) ? (
                <a href={telHref(pessoal.telefone as string)}>{formatPhone(pessoal.telefone as string)}</a>
              ) : null}
            </Row>
            <Row label="Doador de órgãos">{enumLabel(DOADOR, user.outras.doador)}</Row>
          </dl>
        </section>

        <section aria-labelledby="caracteristicas">
          <h2 id="caracteristicas" className={classes.detailTitle}>
            Características físicas
          </h2>
          <dl className={classes.list}>
            <Row label="Peso">{fisico.peso === null ? null : `${decimal.format(fisico.peso)} kg`}</Row>
            <Row label="Altura">{fisico.altura === null ? null : `${decimal.format(fisico.altura)} m`}</Row>
            <Row label="Cor">{enumLabel(COR, fisico.cor)}</Row>
            <Row label="Olhos">{enumLabel(OLHOS, fisico.olhos)}</Row>
            <Row label="Sinais particulares">{text(fisico.sinal)}</Row>
          </dl>
        </section>

        <section aria-labelledby="endereco">
          <h2 id="endereco" className={classes.detailTitle}>
            Endereço
          </h2>
          <dl className={classes.list}>
            <Row label="Endereço">{text(geral.endereco)}</Row>
            <Row label="Bairro">{text(geral.bairro)}</Row>
            {text(geral.complemento) && <Row label="Complemento">{text(geral.complemento)}</Row>}
            <Row label="Cidade">{geral.cidade?.descricao ?? null}</Row>
          </dl>
        </section>
      </div>

      <p className={classes.updated}>Dados atualizados em {formatInstantBR(user.updated_at)}</p>
    </>
  );
}
