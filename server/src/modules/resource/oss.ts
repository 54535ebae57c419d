import { oss } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { mountProviders } from './providers.ts';

/** blade-resource/oss: the tenant's object storage accounts, one enabled at a time. */
export function registerOss(app: FastifyInstance, platform: Platform) {
  mountProviders(app, platform, oss);
}
