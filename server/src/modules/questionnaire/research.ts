import { qnResearch } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { mountAttachments } from '../../resources/attachments.ts';
import { createResource, mountResource } from '../../resources/engine.ts';
import { categoryChecked } from './forms.ts';

/**
 * 调研管理 (research): research projects with their category, leader, dates and content, and their files, kept in
 * the attachment store like every other module's (attach-list and remove-attach by `researchId`, save-attach to
 * upload; resources/attachments.ts).
 */
export async function registerResearch(app: FastifyInstance, platform: Platform) {
  const research = createResource(platform, qnResearch, categoryChecked);
  mountResource(app, research);
  await mountAttachments(app, platform, { resource: research, ownerParam: 'researchId' });
}
