import { ComingSoon } from '../../ui/coming-soon.tsx';

/** Placeholder until issue 3 lands this page. */
export default function PoliticaPage() {
  return <ComingSoon title="Em breve" />;
}
