import { dictField, enterpriseField, longText, text, typed } from '../crm/fields.ts';
import { createTimeField, remarkField } from '../system/fields.ts';
import type { EntityDef, FieldDef, Text } from '../types.ts';

/**
 * Team projects and their matters (spec part 1 "team projects, project matters"; part 7 basic
 * `team-project`, `team-project-matters`): the park's own work, each matter assigned to a user,
 * whose open ones the desk's 团队项目 lists (blade-desk/team-project-matters/todoList).
 */

/** A park user, picked in the person picker; the server reads the name with every row into `as`. */
function userField(name: string, label: Text, as: string): FieldDef {
  return {
    ...typed(name, 'id', label, { required: true }),
    ref: { entity: 'user', nameField: 'realName', as },
  };
}

/** The keys of the matter_status dictionary: the desk counts and lists by them. */
export const MATTER_STATUS = { todo: 0, doing: 1, done: 2 } as const;

export const teamProject: EntityDef = {
  key: 'team_project',
  module: 'basic',
  api: 'blade-basic/team-project',
  route: '/basic/team-project',
  table: 'basic_team_project',
  label: { zh: '团队项目', en: 'Team projects' },
  // The matters' and documents' forms pick their project from this list.
  readWith: ['/basic/team-project-matters', '/basic/team-project-document'],
  fields: [
    text('projectName', { zh: '项目名称', en: 'Project name' }, { required: true, search: true, max: 100 }),
    userField('leader', { zh: '项目负责人', en: 'Leader' }, 'leaderName'),
    { ...enterpriseField, label: { zh: '关联企业', en: 'Enterprise' } },
    typed('startDate', 'date', { zh: '开始日期', en: 'Start date' }),
    typed('endDate', 'date', { zh: '结束日期', en: 'End date' }, { notBefore: 'startDate' }),
    { ...dictField('projectStatus', { zh: '项目状态', en: 'Status' }, 'team_project_status', true), initial: 1 },
    remarkField,
    createTimeField,
  ],
};

export const teamProjectMatters: EntityDef = {
  key: 'team_project_matters',
  module: 'basic',
  api: 'blade-basic/team-project-matters',
  route: '/basic/team-project-matters',
  table: 'basic_team_project_matters',
  label: { zh: '项目事项', en: 'Project matters' },
  // The comments' form picks its matter from this list.
  readWith: ['/basic/team-project-matters-comment'],
  fields: [
    {
      ...typed('teamProjectId', 'id', { zh: '所属项目', en: 'Project' }, { required: true }),
      search: true,
      ref: { entity: 'team_project', nameField: 'projectName', as: 'projectName' },
    },
    text('matterTitle', { zh: '事项标题', en: 'Title' }, { required: true, search: true, max: 100 }),
    userField('assignee', { zh: '处理人', en: 'Assignee' }, 'assigneeName'),
    { ...dictField('priority', { zh: '优先级', en: 'Priority' }, 'matter_priority', true), initial: 2 },
    typed('dueDate', 'date', { zh: '截止日期', en: 'Due date' }, { required: true }),
    {
      ...dictField('matterStatus', { zh: '事项状态', en: 'Status' }, 'matter_status', true),
      initial: MATTER_STATUS.todo,
    },
    // Set by the server when the matter is completed, cleared when it is opened again.
    { name: 'finishTime', type: 'datetime', label: { zh: '完成时间', en: 'Finished' }, form: false, sort: true },
    longText('content', { zh: '事项内容', en: 'Content' }),
    createTimeField,
  ],
};

/**
 * Comments on a matter (part 7 `team-project-matters-comments`), written by the signed-in user; their
 * files (`team-project-matters-comments-attach`) are attachments of the comment in the attachment store.
 */
export const teamProjectMattersComments: EntityDef = {
  key: 'team_project_matters_comment',
  module: 'basic',
  api: 'blade-basic/team-project-matters-comments',
  route: '/basic/team-project-matters-comment',
  table: 'basic_team_project_matters_comments',
  label: { zh: '事项评论', en: 'Matter comments' },
  fields: [
    {
      ...typed('teamProjectMattersId', 'id', { zh: '所属事项', en: 'Matter' }, { required: true }),
      search: true,
      ref: { entity: 'team_project_matters', nameField: 'matterTitle', as: 'matterTitle' },
    },
    { ...longText('content', { zh: '评论内容', en: 'Comment' }, true), list: true },
    // The author: the server sets it to whoever writes the comment.
    {
      name: 'commentUser',
      type: 'id',
      label: { zh: '评论人', en: 'Author' },
      form: false,
      ref: { entity: 'user', nameField: 'realName', as: 'commentUserName' },
    },
    { ...createTimeField, list: true },
  ],
};

/** A project's documents (part 7 `team-project-document`), each with its files in the attachment store. */
export const teamProjectDocument: EntityDef = {
  key: 'team_project_document',
  module: 'basic',
  api: 'blade-basic/team-project-document',
  route: '/basic/team-project-document',
  table: 'basic_team_project_document',
  label: { zh: '项目文档', en: 'Project documents' },
  fields: [
    {
      ...typed('teamProjectId', 'id', { zh: '所属项目', en: 'Project' }, { required: true }),
      search: true,
      ref: { entity: 'team_project', nameField: 'projectName', as: 'projectName' },
    },
    text('documentName', { zh: '文档名称', en: 'Document' }, { required: true, search: true, max: 100 }),
    remarkField,
    { ...createTimeField, list: true },
  ],
};
