import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { registerAttach } from './attach.ts';
import { registerClientLog } from './client-log.ts';
import { registerFiles } from './files.ts';
import { registerJob } from './job.ts';
import { registerOss } from './oss.ts';
import { registerSms } from './sms.ts';

/** blade-resource: file storage for uploads, the web client's log upload, SMS and OSS configurations, scheduled jobs, the attachment list. */
export async function registerResource(app: FastifyInstance, platform: Platform) {
  await registerFiles(app, platform);
  registerClientLog(app, platform);
  registerSms(app, platform);
  registerOss(app, platform);
  registerJob(app, platform);
  registerAttach(app, platform);
}
