import { i18n } from '../i18n/index.ts';
import { useSession } from '../stores/session.ts';

/** What the avatar upload accepts (spec parts 5 and 9); the server checks the same, by content. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png'];
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const MAX_IMAGE_BYTES = 500 * 1024;

/** The reason an image cannot be the avatar, in the avatar's words; undefined when it can. */
export function imageProblem(file: { type: string; size: number }): string | undefined {
  if (!IMAGE_TYPES.includes(file.type)) return i18n.t('info:avatarType');
  if (file.size > MAX_IMAGE_BYTES) return i18n.t('info:avatarSize');
  return undefined;
}

/**
 * Sends a file to the file storage (`oss/endpoint/put-file`) and answers its link. A multipart body
 * is something the JSON client in api/ does not send, so this builds the same headers itself.
 */
export async function uploadImage(file: File): Promise<string> {
  const { accessToken, tenantId } = useSession.getState();
  const body = new FormData();
  body.append('file', file);
  const response = await fetch('/api/blade-resource/oss/endpoint/put-file', {
    method: 'POST',
    headers: {
      Authorization: `Basic ${btoa('saber:saber_secret')}`,
      'Tenant-Id': tenantId,
      ...(accessToken ? { 'Blade-Auth': `bearer ${accessToken}` } : {}),
    },
    body,
  });
  const answer = (await response.json().catch(() => undefined)) as
    | { code?: number; msg?: string; data?: { link: string } }
    | undefined;
  if (answer?.code !== 200 || !answer.data) throw new Error(answer?.msg ?? i18n.t('errors:unknown'));
  return answer.data.link;
}
