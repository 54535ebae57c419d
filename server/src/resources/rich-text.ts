import sanitizeHtml from 'sanitize-html';

/**
 * Rich text (a catalog field with `richText`) as it may be stored: an allow-list of formatting tags,
 * links to http(s) or mail only, images from http(s) or this site only. Every save runs its rich-text
 * fields through here (validate.ts `coerce`), so no stored script, event handler, style or
 * `javascript:`/`data:` URL ever reaches another user's browser.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'span',
    'div',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'sub',
    'sup',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'colgroup',
    'col',
    'blockquote',
    'code',
    'pre',
  ],
  // No class, style or on* attribute anywhere: only what a link, an image and a table cell need.
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  // A relative src or href (/api/blade-resource/...) stays; protocol-relative ones (//evil) do not.
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The text of these is dropped with them, not kept as visible text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math'],
  transformTags: {
    // A link opening a new tab may not reach back to this window.
    a: (tagName, attribs) => {
      if (attribs.target === '_blank') return { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } };
      const { target: _t, ...rest } = attribs;
      return { tagName, attribs: rest };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** The HTML with everything outside the allow-list removed (see OPTIONS). */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Whether sanitised HTML shows nothing: no image and no text but spaces (an editor's empty `<p></p>`). */
export function isBlankRichText(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, '')
      .trim() === ''
  );
}
