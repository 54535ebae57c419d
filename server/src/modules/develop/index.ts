import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { registerDatasource } from './datasource.ts';

/** blade-develop: developer tools; for now the data sources. */
export function registerDevelop(app: FastifyInstance, platform: Platform) {
  registerDatasource(app, platform);
}
