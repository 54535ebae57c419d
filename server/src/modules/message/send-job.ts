import type { Queryable } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import type { JobHandler } from '../../platform/jobs.ts';
import type { Push } from '../../platform/push.ts';
import { announce, send } from './inbox.ts';
import { ORDINARY, ROLE_BROADCAST, recipientsOf } from './outbox.ts';

/**
 * The `sendMessage` job: a message (`title`, `content`) to the users of the roles named by
 * `roleAlias` (comma-joined role aliases), or to every user of the tenant when none is named,
 * sent in the name of the job's creator: a weekly meeting reminder, a monthly fee notice. Pushed
 * live to the recipients' open tabs once stored.
 */
const TITLE_MAX = 255;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const aliasesOf = (value: unknown) => [
  ...new Set(
    text(value)
      .split(/[,，]/)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

async function everyone(q: Queryable, tenantId: string): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    'select id from blade_user where tenant_id = $1 and is_deleted = 0 and status = 1 order by id',
    [tenantId],
  );
  return rows.map((r) => r.id);
}

export const sendMessageJob = (push: Push): JobHandler => ({
  name: 'sendMessage',
  check(params) {
    const title = text(params.title);
    if (!title) return { zh: '参数 title（消息标题）不能为空', en: 'The parameter title (message title) is required' };
    if (title.length > TITLE_MAX) {
      return {
        zh: `消息标题不能超过${TITLE_MAX}个字符`,
        en: `The message title must be at most ${TITLE_MAX} characters`,
      };
    }
    if (params.content !== undefined && typeof params.content !== 'string') {
      return { zh: '参数 content（消息内容）须为文本', en: 'The parameter content (message content) must be text' };
    }
    if (params.roleAlias !== undefined && typeof params.roleAlias !== 'string') {
      return { zh: '参数 roleAlias（角色别名）须为文本', en: 'The parameter roleAlias (role aliases) must be text' };
    }
    return undefined;
  },
  async run({ tenantId, params, owner }, db) {
    const aliases = aliasesOf(params.roleAlias);
    const sent = await db.tx(tenantId, async (q) => {
      let type = ORDINARY;
      let userIds: string[];
      if (aliases.length) {
        const roles = await q.query<{ id: string; role_alias: string }>(
          'select id, role_alias from blade_role where tenant_id = $1 and is_deleted = 0 and role_alias = any($2::text[])',
          [tenantId, aliases],
        );
        const missing = aliases.filter((a) => !roles.some((r) => r.role_alias === a));
        if (missing.length) {
          throw badRequest({
            zh: `角色别名 ${missing.join('、')} 不存在`,
            en: `No role has the alias ${missing.join(', ')}`,
          });
        }
        type = ROLE_BROADCAST;
        userIds =
          (await recipientsOf(
            q,
            tenantId,
            type,
            roles.map((r) => r.id),
          )) ?? [];
      } else {
        userIds = await everyone(q, tenantId);
      }
      if (!userIds.length) throw badRequest({ zh: '没有可接收消息的用户', en: 'No user is there to receive it' });
      return send(
        q,
        { tenantId, ...owner },
        { title: text(params.title), content: text(params.content), type, userIds },
      );
    });
    await announce(push, tenantId, sent);
    const count = sent.userIds.length;
    return { zh: `已向${count}位用户发送消息`, en: `Sent the message to ${count} users` };
  },
});
