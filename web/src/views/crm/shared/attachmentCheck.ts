import { acceptOf, extensionOf } from '../../../components/fileProblem.ts';
import { i18n } from '../../../i18n/index.ts';

/**
 * What the server accepts as an attachment (server/src/resources/attachments.ts): PDF, JPG/PNG,
 * Office documents and ZIP archives, at most 20 MB. The server tells them by content; the browser
 * checks the name and size first, so a wrong or too large file is refused before it is sent.
 */
const EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'zip'];
export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;

/** The file chooser's filter. */
export const ATTACHMENT_ACCEPT = acceptOf(EXTENSIONS);

/** Why the file cannot be attached (the server's own messages), or undefined when it can. */
export function attachmentProblem(file: { name: string; size: number }): string | undefined {
  if (!EXTENSIONS.includes(extensionOf(file.name))) return i18n.t('crm:attachmentType');
  if (file.size > MAX_ATTACHMENT_BYTES) return i18n.t('crm:attachmentSize');
  return undefined;
}
