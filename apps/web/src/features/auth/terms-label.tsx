import { Anchor, VisuallyHidden } from '@mantine/core';
import { paths } from '../../lib/paths.ts';

function NewTabLink({ href, children }: { href: string; children: string }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" inherit>
      {children}
      <VisuallyHidden> (abre em nova aba)</VisuallyHidden>
    </Anchor>
  );
}

/** Label of the terms checkbox, linking both documents in a new tab (docs/accounts.md "Screens and routes"). */
export function TermsLabel() {
  return (
    <>
      Li e aceito os <NewTabLink href={paths.termos}>Termos de uso</NewTabLink> e a{' '}
      <NewTabLink href={paths.politica}>Política de privacidade</NewTabLink>
    </>
  );
}
