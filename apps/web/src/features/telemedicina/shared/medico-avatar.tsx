import { Avatar } from '@mantine/core';

/**
 * A doctor's photo, or their initials when there is none. Decorative: the
 * name is always written next to it.
 */
export function MedicoAvatar({ name, avatar, size }: { name: string; avatar: string | null; size: number }) {
  return avatar ? (
    <Avatar src={avatar} alt="" size={size} radius={size} />
  ) : (
    <Avatar name={name} color="blue" variant="filled" size={size} radius={size} aria-hidden="true" />
  );
}
