/**
 * The `:params` of /workflow/process/start/:params and /workflow/process/detail/:params: base64url of a small
 * JSON object (BladeX's screens pass an object the same way), so a link names a process or a task whole.
 */
export interface StartParams {
  processDefinitionId: string;
  draftId?: string;
}

export interface DetailParams {
  processInstanceId: string;
  taskId?: string;
}

const toBase64Url = (bytes: Uint8Array) => {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

export function encodeProcessParams(params: StartParams | DetailParams): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify(params)));
}

/** The object a `:params` holds, or undefined when it is no base64url JSON object of string values. */
export function decodeProcessParams(text: string): Record<string, string> | undefined {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const value: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    const entries = Object.entries(value);
    return entries.every(([, v]) => typeof v === 'string') ? Object.fromEntries(entries) : undefined;
  } catch {
    return undefined;
  }
}
