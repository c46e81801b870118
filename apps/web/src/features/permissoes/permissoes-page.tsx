import { Button, Loader, Radio, Stack, Switch, Text, Title } from '@mantine/core';
import { type Permissoes, SAUDE_LEVEL_INFO, SAUDE_LEVELS, type SaudeLevel } from '@pulso/domain';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { pageTitles, paths } from '../../lib/paths.ts';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { Icon } from '../../ui/icon.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { AlertasSection } from './alertas-section.tsx';
import { usePermissoes } from './api/get-permissoes.ts';
import { type PermissoesChange, useUpdatePermissoes } from './api/update-permissoes.ts';
import { ConsentimentosSection } from './consentimentos-section.tsx';
import classes from './permissoes-page.module.css';
import { ShlSection } from './shl-section.tsx';
import { StateSwitch } from './state-switch.tsx';

/** Text of the status shown while a change is being saved. */
export const SAVING_TEXT = 'Salvando…';

/**
 * /permissoes, 'Permissões' (docs/authorization.md "Permissions screen":
 * sections for tabs 1 to 4, a control for who may see the Health tab and a
 * switch for timeline access; "Who sees what through the code"). One section
 * per tab of the patient's area as a reader of their code meets it: 1 'Dados
 * de emergência' always readable through the code, with the switches of what
 * it adds for anyone (allergies strip, street address; off by default,
 * docs/authorization.md); 2 'Minha saúde' by level (1–4); 3 'Linha do tempo'
 * on/off, only for those who may read Minha saúde; 4 'Telemedicina' never
 * through the code. Each change is saved at once ('Permissões atualizadas com
 * sucesso'); a failed one goes back and the server's message is shown. 'Quem
 * acessou meus dados' opens the access log.
 */
export default function PermissoesPage() {
  useDocumentTitle(pageTitles.permissoes);
  const query = usePermissoes();

  return (
    <div className={classes.page}>
      <Stack gap="xs">
        <Title order={1} className={classes.title}>
          {pageTitles.permissoes}
        </Title>
        <Text>
          Escolha o que aparece para quem abrir seu código ou QR Code. Cada acesso fica registrado, e você
          pode ver quem acessou seus dados.
        </Text>
      </Stack>
      <Button
        component={Link}
        to={paths.permissoesAcessos}
        variant="outline"
        size="md"
        className={classes.logLink}
        leftSection={<Icon name="timeline" size={20} />}
      >
        {pageTitles.permissoesAcessos}
      </Button>
      {query.isPending ? (
        <div className={classes.state} role="status">
          <Loader size="md" aria-hidden="true" />
          <Text fw={500}>Carregando ...</Text>
        </div>
      ) : query.isError ? (
        <QueryError
          title="Não foi possível carregar suas permissões"
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <>
          <PermissoesSections permissoes={query.data.permissoes} />
          <AlertasSection />
          <ShlSection />
          <ConsentimentosSection />
        </>
      )}
    </div>
  );
}

function PermissoesSections({ permissoes }: { permissoes: Permissoes }) {
  const update = useUpdatePermissoes();
  const snackbar = useSnackbar();
  const saving = update.isPending;

  // While one change is on its way the controls keep focus but ignore new input, so two
  // saves never race and a failed one reverts to what the server last answered.
  const save = (change: PermissoesChange) => {
    if (saving) return;
    update.mutate(change, {
      onSuccess: ({ message }) => snackbar.success(message),
      onError: (error) => snackbar.error(error),
    });
  };

  const level = permissoes.saude as SaudeLevel;
  const timelineHintId = useId();
  return (
    <>
      <p className={classes.saving} role="status">
        {saving ? SAVING_TEXT : ''}
      </p>
      <TabSection
        number={1}
        title="Dados de emergência"
        badge={<span className={classes.badgeOpen}>Sempre visível</span>}
      >
        <Text>
          Sempre visíveis para quem tiver seu código ou QR Code, mesmo sem conta no Pulso: nome, foto,
          telefone e contato de emergência, características, data de nascimento, tipo sanguíneo, cidade e se
          você é doador de órgãos. É o que ajuda num socorro, por isso não pode ser escondido.
        </Text>
        <StateSwitch
          label="Mostrar na aba Emergência: alergias, medicamentos e doenças"
          checked={permissoes.emergencia_saude}
          onChange={(checked) => save({ emergencia_saude: checked })}
          saving={saving}
          on="Ativado: quem ler seu código vê, antes de tudo, suas alergias, seus medicamentos e suas doenças, mesmo sem conta no Pulso."
          off="Desativado: um socorrista que ler seu código não vê suas alergias nem seus medicamentos. Só quem pode ver Minha saúde os vê."
        />
        <StateSwitch
          label="Mostrar na aba Emergência: endereço (rua, número, complemento e bairro)"
          checked={permissoes.endereco}
          onChange={(checked) => save({ endereco: checked })}
          saving={saving}
          on="Ativado: quem ler seu código vê seu endereço completo."
          off="Desativado: quem ler seu código vê só a sua cidade."
        />
      </TabSection>

      <TabSection number={2} title="Minha saúde">
        <Radio.Group
          value={String(permissoes.saude)}
          onChange={(value) => save({ saude: Number(value) })}
          label="Quem pode ver suas informações de saúde"
          description="Alergias, medicamentos, doenças, tratamentos, próteses, cartão do SUS, convênio e hospital."
          aria-busy={saving}
        >
          <Stack gap="sm" mt="sm">
            {SAUDE_LEVELS.map((value) => (
              <Radio
                key={value}
                value={String(value)}
                label={SAUDE_LEVEL_INFO[value].label}
                description={SAUDE_LEVEL_INFO[value].description}
                classNames={{ root: classes.option, body: classes.optionBody, radio: classes.radio }}
              />
            ))}
          </Stack>
        </Radio.Group>
      </TabSection>

      <TabSection number={3} title="Linha do tempo">
        <Switch
          size="md"
          checked={permissoes.timeline}
          onChange={(event) => save({ timeline: event.currentTarget.checked })}
          label="Permitir acesso à linha do tempo"
          aria-describedby={`${timelineHintId}-estado ${timelineHintId}-regra`}
          aria-busy={saving}
          classNames={{ root: classes.switch, track: classes.switchTrack }}
        />
        <Text id={`${timelineHintId}-estado`} fw={500}>
          {permissoes.timeline
            ? `Ativado: sua linha do tempo aparece para quem pode ver Minha saúde (agora: ${SAUDE_LEVEL_INFO[level].label.toLowerCase()}).`
            : 'Desativado: só você vê sua linha do tempo.'}
        </Text>
        <Text id={`${timelineHintId}-regra`} size="sm" c="gray.7">
          A linha do tempo (consultas, exames, receitas, vacinas) só aparece para quem também pode ver Minha
          saúde.
          {level === 1 && permissoes.timeline
            ? ' Com "Somente eu" em Minha saúde, ninguém mais a vê pelo seu código.'
            : ''}
        </Text>
      </TabSection>

      <TabSection
        number={4}
        title="Telemedicina"
        badge={<span className={classes.badgePrivate}>Privado</span>}
      >
        <Text>
          Suas conversas e atendimentos com médicos ficam só entre você e seus médicos. Nunca aparecem para
          quem ler seu código ou QR Code, qualquer que seja a permissão acima.
        </Text>
      </TabSection>
    </>
  );
}

function TabSection({
  number,
  title,
  badge,
  children,
}: {
  number: number;
  title: string;
  badge?: ReactNode;
  children: ReactNode;
}) {
  const id = `permissoes-aba-${number}`;
  return (
    <section className={classes.section} aria-labelledby={id}>
      <div className={classes.sectionHead}>
        <span className={classes.number} aria-hidden="true">
          {number}
        </span>
        <Title order={2} size="h4" id={id} className={classes.sectionTitle}>
          {title}
        </Title>
        {badge}
      </div>
      <Stack gap="sm">{children}</Stack>
    </section>
  );
}
