import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  AFERICAO_DATA_MIN,
  agoraEmSaoPaulo,
  INDICADOR_MESSAGES,
  type IndicadorCategoriaVisual,
  type IndicadorTom,
  isLocked,
} from '@pulso/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { Icon } from '../../../ui/icon.tsx';
import { QueryError } from '../../../ui/query-error.tsx';
import { useIndicadoresUser } from '../api/indicadores-api.ts';
import classes from './indicadores.module.css';

/**
 * A category as shown (docs/indicators-and-score.md "Categories on screen"): its label always, the tone as a
 * dot and colours.
 */
export function ToneBadge({ label, tom }: { label: string; tom: IndicadorTom }) {
  return (
    <span className={`${classes.badge} ${classes[tom]}`} data-tom={tom}>
      <span className={classes.dot} aria-hidden="true" />
      {label}
    </span>
  );
}

/** A reading's value and its category, as a result line shows them. */
export function ValorCategoria({ valor, categoria }: { valor: string; categoria: IndicadorCategoriaVisual }) {
  return (
    <>
      <span className={classes.resultValue}>{valor}</span>
      <ToneBadge label={categoria.label} tom={categoria.tom} />
    </>
  );
}

/** Chart colours of each tone (graphics: ≥ 3:1 against white). */
export const TOM_COR: Record<IndicadorTom, string> = {
  azul: '#1c64c4',
  verde: '#2b8a3e',
  amarelo: '#b07d00',
  laranja: '#d9480f',
  vermelho: '#c92a2a',
};

/**
 * Why a locked user (trial over, no plan, not corporate;
 * docs/accounts.md "Trial and locked accounts") cannot record readings, with
 * the way out: 'Ver planos' (/planos). Reading the histories stays allowed.
 */
export function IndicadorLockedNotice() {
  return (
    <Alert
      color="yellow"
      variant="light"
      classNames={{ root: classes.locked, title: classes.lockedTitle, icon: classes.lockedIcon }}
      icon={<Icon name="lock" size={20} />}
      title={INDICADOR_MESSAGES.locked}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          Para registrar novas medições, assine um plano. As medições que você já fez continuam no histórico.
        </Text>
        <Button component={Link} to={paths.planos} color="blue">
          Ver planos
        </Button>
      </Stack>
    </Alert>
  );
}

/** Whether the signed-in user is locked (false while loading), and the user query itself. */
export function useLock() {
  const user = useIndicadoresUser();
  return { user, locked: user.data ? isLocked(user.data.user) : false };
}

/** The day (`YYYY-MM-DD`) and time (`HH:mm`) of a reading, defaulting to now in America/Sao_Paulo. */
export interface Afericao {
  data_afericao: string;
  time_afericao: string;
}

/** Now in America/Sao_Paulo as an {@link Afericao}: the entry screens' default. */
export function agora(): Afericao {
  const now = agoraEmSaoPaulo();
  return { data_afericao: now.data, time_afericao: now.hora };
}

/** Field errors of a save, by field name. */
export type FieldErrorMap = Partial<Record<string, string>>;

/**
 * The date and time fields of a reading (docs/indicators-and-score.md "Readings: day and time"), not after
 * today.
 */
export function AfericaoFields({
  value,
  onChange,
  errors,
  disabled,
}: {
  value: Afericao;
  onChange: (next: Afericao) => void;
  errors: FieldErrorMap;
  disabled?: boolean;
}) {
  return (
    <>
      <TextInput
        type="date"
        label="Data da medição"
        size="md"
        min={AFERICAO_DATA_MIN}
        max={agoraEmSaoPaulo().data}
        required
        disabled={disabled}
        value={value.data_afericao}
        error={errors.data_afericao}
        onChange={(event) => onChange({ ...value, data_afericao: event.currentTarget.value })}
      />
      <TextInput
        type="time"
        label="Hora da medição"
        size="md"
        required
        disabled={disabled}
        value={value.time_afericao}
        error={errors.time_afericao}
        onChange={(event) => onChange({ ...value, time_afericao: event.currentTarget.value.slice(0, 5) })}
      />
    </>
  );
}

/**
 * What a failed save shows: a 422's field errors under their fields (the
 * typed values are kept), and for the snackbar the server's message, or
 * `fallback` (INDICADOR_MESSAGES.insertError / updateError) when the server
 * gave none (network failure, server error).
 */
export function saveFailure(error: unknown, fallback: string): { fields: FieldErrorMap; message: string } {
  if (!(error instanceof ApiError)) return { fields: {}, message: fallback };
  const fields: FieldErrorMap = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    if (messages[0]) fields[field] = messages[0];
  }
  const withoutMessage = error.status === 0 || error.status >= 500;
  return { fields, message: withoutMessage ? fallback : error.message };
}

/** Heading of an indicator screen: the title, a line of text, and links to the hub and elsewhere. */
export function IndicadorHeader({
  title,
  children,
  links,
}: {
  title: string;
  children?: ReactNode;
  links?: ReactNode;
}) {
  return (
    <Stack gap="xs">
      <Anchor component={Link} to={paths.indicador} size="sm">
        ← Indicadores de saúde
      </Anchor>
      <Title order={1} className={classes.title}>
        {title}
      </Title>
      {children && <Text>{children}</Text>}
      {links && <Group gap="sm">{links}</Group>}
    </Stack>
  );
}

/** The user query's failure, with 'Tentar novamente'. */
export function UserQueryError({ user }: { user: ReturnType<typeof useIndicadoresUser> }) {
  if (!user.isError) return null;
  return (
    <QueryError
      title="Não foi possível carregar seus dados"
      message={user.error.message}
      onRetry={() => void user.refetch()}
      retrying={user.isFetching}
    />
  );
}

export { classes };
