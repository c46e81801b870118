/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import { applyDigitMask, type PublicCodeView, SUS_MASK } from '@pulso/domain';
import type { ComponentChildren } from 'preact';
import { blankToNull } from './format.ts';
import type { Messages } from './i18n.ts';
import { InfoList } from './info-list.tsx';
import { PatientHeading } from './states.tsx';

/** `'700000000000005'` → `'700 0000 0000 0005'` (`SUS_MASK`); blank → `null`. */
export function formatSusNumber(sus: string | null | undefined): string | null {
  const digits = blankToNull(sus);
  return digits ? applyDigitMask(digits, SUS_MASK) : null;
}

/** A titled section of the tab, named by its heading. */
function Section({ id, title, children }: { id: string; title: string; children: ComponentChildren }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} class="cp-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The 'Minha saúde' tab of /code/:code as this viewer may read it (docs/public-code-page.md): health
 * information with the SUS card as `### #### #### ####`, the checked diseases, hospital information
 * with the doctor's CRM and specialty, and the additional information. Organ donation is on the
 * Emergency tab. Loaded by the browser only when the tab is opened.
 */
export function SaudeTab({ t, user }: { t: Messages; user: PublicCodeView['user'] }) {
  const { saude, hospitalar } = user;
  const doencas = user.doencas ?? [];
  const s = t.saude;
  return (
    <>
      <PatientHeading name={user.name} />
      <div class="cp-sections">
        <Section id="saude-info" title={s.info}>
          <InfoList
            t={t}
            items={[
              { label: t.allergies, value: blankToNull(saude?.alergias), wide: true },
              { label: s.problems, value: blankToNull(saude?.problemas), wide: true },
              { label: s.medicationsInUse, value: blankToNull(saude?.medicamentos), wide: true },
              { label: s.treatment, value: blankToNull(saude?.tratamento), wide: true },
              { label: s.prostheses, value: blankToNull(saude?.protese), wide: true },
              { label: s.sus, value: formatSusNumber(saude?.sus), wide: true },
            ]}
          />
        </Section>

        <Section id="saude-doencas" title={s.diseases}>
          {doencas.length > 0 ? (
            <ul class="cp-diseases" lang="pt-BR">
              {doencas.map((doenca) => (
                <li key={doenca.id}>{doenca.nome}</li>
              ))}
            </ul>
          ) : (
            <p class="cp-none">{t.noneInformed}</p>
          )}
        </Section>

        <Section id="saude-hospitalar" title={s.hospital}>
          <InfoList
            t={t}
            items={[
              { label: s.plan, value: blankToNull(hospitalar?.convenio_empresa) },
              { label: s.planNumber, value: blankToNull(hospitalar?.convenio_numero) },
              { label: s.preferredHospital, value: blankToNull(hospitalar?.hospital), wide: true },
              { label: s.doctor, value: blankToNull(hospitalar?.medico_name), wide: true },
              { label: s.doctorCrm, value: blankToNull(hospitalar?.medico_crm) },
              { label: s.doctorSpecialty, value: blankToNull(hospitalar?.medico_especialidade) },
            ]}
          />
        </Section>

        <Section id="saude-outras" title={s.other}>
          <InfoList
            t={t}
            items={[{ label: s.additional, value: blankToNull(user.outras.adicional), wide: true }]}
          />
        </Section>
      </div>
    </>
  );
}
