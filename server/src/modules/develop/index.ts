import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { registerCode } from './code.ts';
import { registerDatasource } from './datasource.ts';

/** blade-develop: developer tools: code generation and data sources. */
export function registerDevelop(app: FastifyInstance, platform: Platform) {
  registerCode(app, platform);
  registerDatasource(app, platform);
}
