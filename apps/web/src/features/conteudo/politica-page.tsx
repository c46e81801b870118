import { ContentPage } from './content-page.tsx';

/**
 * /politica-de-privacidade (docs/indicators-and-score.md "Terms of use and privacy policy"): the privacy
 * policy kept in the database (`GET /api/politica`).
 */
export default function PoliticaPage() {
  return <ContentPage slug="politica" />;
}
