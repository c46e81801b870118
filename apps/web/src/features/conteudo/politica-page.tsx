import { ContentPage } from './content-page.tsx';

/** /politica-de-privacidade (spec 2 §2): the privacy policy kept in the database (`GET /api/politica`). */
export default function PoliticaPage() {
  return <ContentPage slug="politica" />;
}
