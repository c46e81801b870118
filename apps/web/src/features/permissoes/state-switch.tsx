import { Switch, Text } from '@mantine/core';
import { useId } from 'react';
import classes from './permissoes-page.module.css';

/** A switch of /permissoes, with what it means now under it (`on` or `off`). */
export function StateSwitch({
  label,
  checked,
  onChange,
  saving,
  on,
  off,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  saving: boolean;
  on: string;
  off: string;
}) {
  const stateId = useId();
  return (
    <div className={classes.emergencySwitch}>
      <Switch
        size="md"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        label={label}
        aria-describedby={stateId}
        aria-busy={saving}
        classNames={{ root: classes.switch, track: classes.switchTrack }}
      />
      <Text id={stateId} size="sm" fw={500}>
        {checked ? on : off}
      </Text>
    </div>
  );
}
