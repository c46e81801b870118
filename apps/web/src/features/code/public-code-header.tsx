import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import classes from './code-page.module.css';

/**
 * Header of the public view (spec 2 §2): the Pulso name and 'Entrar' to
 * /login for a guest, or 'Voltar ao início' to /home when signed in.
 */
export function PublicCodeHeader({ signedIn }: { signedIn: boolean }) {
  return (
    <header className={classes.header}>
      <div className={classes.headerInner}>
        <Link to={paths.root} className={classes.brand}>
          Pulso
        </Link>
        {signedIn ? (
          <Link to={paths.home} className={classes.headerAction}>
            Voltar ao início
          </Link>
        ) : (
          <Link to={paths.login} className={classes.headerAction}>
            Entrar
          </Link>
        )}
      </div>
    </header>
  );
}
