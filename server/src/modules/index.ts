import type { FastifyInstance } from 'fastify';
import type { Platform } from '../platform/platform.ts';
import { registerAuth } from './auth/index.ts';
import { registerBasic } from './basic/index.ts';
import { registerCrm } from './crm/index.ts';
import { registerDecision } from './decision/index.ts';
import { registerDesk } from './desk/index.ts';
import { registerDevelop } from './develop/index.ts';
import { registerDhm } from './dhm/index.ts';
import { registerFinance } from './finance/index.ts';
import { registerLog } from './log/index.ts';
import { registerMessage } from './message/index.ts';
import { registerOa } from './oa/index.ts';
import { registerProd } from './prod/index.ts';
import { registerProperty } from './property/index.ts';
import { registerQuestionnaire } from './questionnaire/index.ts';
import { registerReport } from './report/index.ts';
import { registerResource } from './resource/index.ts';
import { registerSocial } from './social/index.ts';
import { registerSystem } from './system/index.ts';
import { registerUser } from './user/index.ts';
import { registerWorkflow } from './workflow/index.ts';

export type ModuleRegistration = (app: FastifyInstance, platform: Platform) => Promise<void> | void;

/** Every module of the product, in the order their routes are added. */
export const modules: ModuleRegistration[] = [
  registerAuth,
  registerSystem,
  registerUser,
  registerSocial,
  registerDesk,
  registerLog,
  registerMessage,
  registerResource,
  registerCrm,
  registerDevelop,
  registerBasic,
  registerDhm,
  registerProperty,
  registerProd,
  registerFinance,
  registerWorkflow,
  registerOa,
  registerQuestionnaire,
  registerDecision,
  registerReport,
];
