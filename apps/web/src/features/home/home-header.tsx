import { Avatar, Paper, Title } from '@mantine/core';
import { formatCode, formatInstantBR, type UserView } from '@pulso/domain';
import { AvatarEditor } from './avatar-editor.tsx';
import classes from './home-page.module.css';

/** Size of the avatar on /home, in pixels. */
const AVATAR_SIZE = 112;

/**
 * Top of /home (docs/accounts.md "The /home screen"): the photo with 'Alterar
 * foto', the name as the page's `<h1>`, the personal code `### AA ###` and the
 * last edit date.
 */
export function HomeHeader({ user }: { user: UserView }) {
  return (
    <Paper withBorder radius="md" p="lg" className={classes.header}>
      <div className={classes.avatarColumn}>
        {user.avatar ? (
          <Avatar src={user.avatar} alt={`Foto de ${user.name}`} size={AVATAR_SIZE} radius={AVATAR_SIZE} />
        ) : (
          // Initials only: the name is the heading next to it.
          <Avatar
            name={user.name}
            color="blue"
            variant="filled"
            size={AVATAR_SIZE}
            radius={AVATAR_SIZE}
            aria-hidden="true"
          />
        )}
        <AvatarEditor />
      </div>
      <div className={classes.identity}>
        <Title order={1} className={classes.name}>
          {user.name}
        </Title>
        <div>
          <div className={classes.codeLabel}>Seu código</div>
          <div className={classes.code}>{formatCode(user.code)}</div>
        </div>
        <div className={classes.updated}>Última alteração: {formatInstantBR(user.updated_at)}</div>
      </div>
    </Paper>
  );
}
