import { useEffect } from 'react';

/** Sets `document.title` to '{title} · Pulso' while the page is shown (WCAG 2.4.2). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title === 'Pulso' ? 'Pulso' : `${title} · Pulso`;
  }, [title]);
}
