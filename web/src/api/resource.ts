import type { EntityDef } from '@park/catalog';
import { request } from './http.ts';

/** Enables one SMS or OSS configuration; the server disables the tenant's others of the same kind. */
export function enableProvider(entity: EntityDef, id: string): Promise<unknown> {
  return request<unknown>(`${entity.api}/enable`, { method: 'POST', query: { id } });
}

/** Sends a template message through the SMS configuration `code` (send-message: phones comma-joined, params a JSON object). */
export function sendSms(code: string, phones: string, params: string): Promise<unknown> {
  return request<unknown>('blade-resource/sms/endpoint/send-message', {
    method: 'POST',
    query: { code, phones, params },
  });
}
