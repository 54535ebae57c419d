import { useInsertionEffect } from 'react';

const STYLE_ID = 'park-rich-text-rules';
/** Pictures, videos, frames and tables of a rich text fit the width they are shown in, never widening it. */
const RULES = `.park-rich-text img, .park-rich-text video, .park-rich-text iframe, .park-rich-text table {
  max-width: 100%;
}
.park-rich-text img, .park-rich-text video { height: auto; }`;

/**
 * A rich text (a news item, a guide) as its reader sees it: its HTML as the server sanitised it on save. A picture
 * wider than the view is scaled down to it: left at its own width it widened the detail's table, and the labels
 * beside it were squeezed to one character a line (issue 34).
 */
export function RichTextView({ html }: { html: string }) {
  // The rules once in the document's head, not beside each text: the text reads as itself (its textContent).
  useInsertionEffect(() => {
    if (document.getElementById(STYLE_ID)) return;
    const style = document.createElement('style');
    style.id = STYLE_ID;
    style.textContent = RULES;
    document.head.append(style);
  }, []);
  return (
    <div
      className="park-rich-text"
      style={{ overflowWrap: 'anywhere' }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises a rich-text field on every save.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
