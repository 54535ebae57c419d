import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { registerClientLog } from './client-log.ts';
import { registerFiles } from './files.ts';

/** blade-resource: file storage for uploads, and the web client's log upload. */
export async function registerResource(app: FastifyInstance, platform: Platform) {
  await registerFiles(app, platform);
  registerClientLog(app, platform);
}
