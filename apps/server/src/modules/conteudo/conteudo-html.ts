import { CONTENT_HREF_SCHEMES, CONTENT_HTML_TAGS, isSafeContentHref } from '@pulso/domain';
import type sanitizeHtml from 'sanitize-html';
import { loadSanitizeHtml } from '../../platform/lazy-libs.ts';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...CONTENT_HTML_TAGS],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: [...CONTENT_HREF_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Unknown tags go but their text stays; script, style, textarea and the like go with their content.
  disallowedTagsMode: 'discard',
  transformTags: {
    // The editor's headings are h2 and h3; a pasted h1 becomes h2 (the page's own title is the h1).
    h1: 'h2',
    a: (tagName, attribs) => {
      const kept: sanitizeHtml.Attributes = {};
      if (attribs.href !== undefined && isSafeContentHref(attribs.href)) kept.href = attribs.href;
      return { tagName, attribs: kept };
    },
  },
};

/**
 * The HTML of a legal page as stored (issue 9 "HTML edited with a sanitising
 * editor"): only `CONTENT_HTML_TAGS` (p, h2, h3, strong, em, ul, ol, li, a,
 * br), no attribute but a link's `href`, and that only for http, https,
 * mailto or a path of the app (`isSafeContentHref`). Scripts and styles are
 * dropped with their content, event handlers and `style` attributes with
 * their tag's other attributes. Runs on the server for every save, whatever
 * the browser's editor already did.
 */
export async function sanitizeContentPageHtml(html: string): Promise<string> {
  return (await loadSanitizeHtml())(html, OPTIONS).trim();
}
