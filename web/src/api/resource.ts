import { CODE_GEN_SYSTEM, code, type EntityDef, oss, scheduledJob } from '@park/catalog';
import { request, requestFile } from './http.ts';

/** Enables one SMS or OSS configuration; the server disables the tenant's others of the same kind. */
export function enableProvider(entity: EntityDef, id: string): Promise<unknown> {
  return request<unknown>(`${entity.api}/enable`, { method: 'POST', query: { id } });
}

/** Sends a template message through the SMS configuration `smsCode` (send-message: phones comma-joined, params a JSON object). */
export function sendSms(smsCode: string, phones: string, params: string): Promise<unknown> {
  return request<unknown>('blade-resource/sms/endpoint/send-message', {
    method: 'POST',
    query: { code: smsCode, phones, params },
  });
}

/**
 * 测试连接: the server writes, reads and deletes a probe object with a 对象存储 configuration, the saved
 * one (`id`), the settings as typed, or the saved one with the typed changes (a masked secret means the
 * saved one). Resolves when all three worked; the store's error is the failure's message.
 */
export function testOss(settings: { id?: string } & Record<string, unknown>): Promise<unknown> {
  return request<unknown>(`${oss.api}/test`, { method: 'POST', body: settings });
}

/** Copies a code-generator configuration; the copy's module name ends with -copy. */
export function copyCode(id: string): Promise<unknown> {
  return request<unknown>(`${code.api}/copy`, { method: 'POST', query: { id } });
}

/** This project's files for the configurations' tables, as one zip. */
export function generateCode(ids: string[]): Promise<{ blob: Blob; name?: string }> {
  return requestFile(`${code.api}/gen-code`, {
    method: 'POST',
    query: { ids: ids.join(','), system: CODE_GEN_SYSTEM },
  });
}

/** What `execute` answers: the job's state after the run and what the run did, in both languages. */
export interface JobRunResult {
  jobState: string;
  result: string;
  resultEn: string;
}

/** Pauses, resumes or runs now (`execute`) the scheduled job of that key. */
export function jobAction<A extends 'pause' | 'resume' | 'execute'>(
  action: A,
  keyName: string,
): Promise<A extends 'execute' ? JobRunResult : boolean> {
  return request(`${scheduledJob.api}/${action}`, { method: 'POST', query: { keyName } });
}
