import { ContentPage } from './content-page.tsx';

/**
 * /termos-de-uso (docs/indicators-and-score.md "Terms of use and privacy policy"): the terms of use kept in
 * the database (`GET /api/termos`).
 */
export default function TermosPage() {
  return <ContentPage slug="termos" />;
}
