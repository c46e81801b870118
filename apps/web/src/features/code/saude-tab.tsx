import { applyDigitMask, type PublicCodeView, SUS_MASK } from '@pulso/domain';
import { InfoList } from '../../ui/info-list.tsx';
import { NONE_INFORMED } from './emergency-view.tsx';
import classes from './public-tabs.module.css';
import { PatientHeading } from './tab-states.tsx';

const blank = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** `'700000000000005'` → `'700 0000 0000 0005'` (`SUS_MASK`); `null` stays `null`. */
export function formatSusNumber(sus: string | null | undefined): string | null {
  return blank(sus) ? applyDigitMask(sus as string, SUS_MASK) : null;
}

/**
 * The 'Minha saúde' tab of /code/:code as this viewer may read it (issue 4;
 * spec 1 §3 `saude`, `hospitalar`, `outras`; RULINGS.md "Who sees what"):
 * health info with the SUS card as `### #### #### ####`, hospital info with
 * the doctor's CRM and specialty, the additional information and the checked
 * diseases. Organ donation is on the Emergency tab. Blanks read 'Não informado'.
 */
export function SaudeTab({ user }: { user: PublicCodeView['user'] }) {
  const saude = user.saude;
  const hospitalar = user.hospitalar;
  const doencas = user.doencas ?? [];
  return (
    <>
      <PatientHeading name={user.name} />
      <div className={classes.sections}>
        <section aria-labelledby="saude-info">
          <h2 id="saude-info" className={classes.sectionTitle}>
            Informações de saúde
          </h2>
          <InfoList
            items={[
              { label: 'Alergias', value: blank(saude?.alergias), wide: true },
              { label: 'Problemas de saúde', value: blank(saude?.problemas), wide: true },
              { label: 'Medicamentos em uso', value: blank(saude?.medicamentos), wide: true },
              { label: 'Tratamento em andamento', value: blank(saude?.tratamento), wide: true },
              { label: 'Próteses', value: blank(saude?.protese), wide: true },
              { label: 'Cartão Nacional de Saúde (SUS)', value: formatSusNumber(saude?.sus), wide: true },
            ]}
          />
        </section>

        <section aria-labelledby="saude-doencas">
          <h2 id="saude-doencas" className={classes.sectionTitle}>
            Doenças
          </h2>
          {doencas.length > 0 ? (
            <ul className={classes.diseases}>
              {doencas.map((doenca) => (
                <li key={doenca.id}>{doenca.nome}</li>
              ))}
            </ul>
          ) : (
            <p className={classes.none}>{NONE_INFORMED}</p>
          )}
        </section>

        <section aria-labelledby="saude-hospitalar">
          <h2 id="saude-hospitalar" className={classes.sectionTitle}>
            Informações hospitalares
          </h2>
          <InfoList
            items={[
              { label: 'Convênio / empresa', value: blank(hospitalar?.convenio_empresa) },
              { label: 'Número do convênio', value: blank(hospitalar?.convenio_numero) },
              { label: 'Hospital de preferência', value: blank(hospitalar?.hospital), wide: true },
              { label: 'Médico', value: blank(hospitalar?.medico_name), wide: true },
              { label: 'CRM do médico', value: blank(hospitalar?.medico_crm) },
              { label: 'Especialidade do médico', value: blank(hospitalar?.medico_especialidade) },
            ]}
          />
        </section>

        <section aria-labelledby="saude-outras">
          <h2 id="saude-outras" className={classes.sectionTitle}>
            Outras informações
          </h2>
          <InfoList
            items={[{ label: 'Informações adicionais', value: blank(user.outras.adicional), wide: true }]}
          />
        </section>
      </div>
    </>
  );
}
