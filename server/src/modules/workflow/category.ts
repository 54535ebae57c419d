import { wfCategory, wfDeployment, wfForm, wfModel } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import type { Resource } from '../../resources/engine.ts';
import { registerCategoryTree } from '../forms/categories.ts';

/** 流程分类 (design/category): the category tree of forms, models and deployments (modules/forms/categories.ts). */
export function registerCategory(app: FastifyInstance, platform: Platform): Resource {
  return registerCategoryTree(app, platform, wfCategory, {
    usedBy: [wfForm, wfModel, wfDeployment],
    hasChildren: { zh: '请先删除该分类下的子分类', en: 'Remove its sub-categories first' },
    inUse: {
      zh: '该分类下还有表单、模型或部署，不能删除',
      en: 'Forms, models or deployments are still in this category: it cannot be deleted',
    },
    title: '流程分类',
  });
}
