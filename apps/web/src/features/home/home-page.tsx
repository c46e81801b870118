import { pageTitles } from '../../app/paths.ts';
import { ComingSoon } from '../../ui/coming-soon.tsx';

/** /home, 'Dados de emergência' tab (spec 1 §2). Placeholder until the emergency-data page lands. */
export default function HomePage() {
  return <ComingSoon title={pageTitles.home} />;
}
