import { CONTENT_HTML_TAGS } from '@pulso/domain';
import createDOMPurify, { type DOMPurify } from 'dompurify';

// http(s) links, e-mail links and paths of the app (as the server's allow-list); never javascript:, data: or protocol-relative URLs.
const SAFE_HREF = /^(?:https?:|mailto:|\/(?![/\\]))/i;

let purifier: DOMPurify | null = null;

/** A DOMPurify of its own (its hook must not touch other users of the library), made on first use. */
function getPurifier(): DOMPurify {
  if (purifier) return purifier;
  const instance = createDOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    if (/^https?:/i.test(href)) {
      // Outside links open in a new tab that cannot reach back to Pulso (reverse tabnabbing).
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = instance;
  return instance;
}

/**
 * Sanitises the HTML of a legal page (issue 3 "Terms and privacy"; issue 9
 * editor) before it is rendered: only `CONTENT_HTML_TAGS` (p, h2, h3,
 * strong, em, ul, ol, li, a, br) survive, with no attribute but a safe
 * `href`; scripts, event handlers, styles and everything else are
 * dropped (the text of unknown tags is kept, that of scripts is not).
 */
export function sanitizeContentHtml(html: string): string {
  return getPurifier().sanitize(html, {
    ALLOWED_TAGS: [...CONTENT_HTML_TAGS],
    ALLOWED_ATTR: ['href'],
    ALLOWED_URI_REGEXP: SAFE_HREF,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
