import { ContentPage } from './content-page.tsx';

/** /termos-de-uso (spec 2 §2): the terms of use kept in the database (`GET /api/termos`). */
export default function TermosPage() {
  return <ContentPage slug="termos" />;
}
