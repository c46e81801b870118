import { CONTENT_ALLOWED_TAGS } from '@pulso/domain';
import createDOMPurify, { type DOMPurify } from 'dompurify';

// https links, e-mail links and paths of the app; never javascript:, data: or protocol-relative URLs.
const SAFE_HREF = /^(?:https:|mailto:|\/(?!\/))/i;

let purifier: DOMPurify | null = null;

/** A DOMPurify of its own (its hook must not touch other users of the library), made on first use. */
function getPurifier(): DOMPurify {
  if (purifier) return purifier;
  const instance = createDOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    if (/^https:/i.test(href)) {
      // Outside links open in a new tab that cannot reach back to Pulso (reverse tabnabbing).
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = instance;
  return instance;
}

/**
 * Sanitises the HTML of a legal page (issue 3 "Terms and privacy") before it
 * is rendered: only h2, h3, p, ul, li and a survive, with no attribute but a
 * safe `href`; scripts, event handlers, styles and everything else are
 * dropped (the text of unknown tags is kept, that of scripts is not).
 */
export function sanitizeContentHtml(html: string): string {
  return getPurifier().sanitize(html, {
    ALLOWED_TAGS: [...CONTENT_ALLOWED_TAGS],
    ALLOWED_ATTR: ['href'],
    ALLOWED_URI_REGEXP: SAFE_HREF,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
