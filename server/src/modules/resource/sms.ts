import { sms } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { mountProviders } from './providers.ts';

/** blade-resource/sms: the tenant's SMS accounts, one enabled at a time. */
export function registerSms(app: FastifyInstance, platform: Platform) {
  mountProviders(app, platform, sms);
}
