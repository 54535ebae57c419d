import type { RepairAction } from '@park/catalog';

/** What a step did, as the reporter reads it. */
export const REPAIR_STEP_TOLD: Record<RepairAction, string> = {
  report: '已提交',
  assign: '已受理并派单',
  start: '已开始处理',
  finish: '已处理完成，请评价',
  rate: '已评价',
  cancel: '已取消',
  return: '已退回',
};

/**
 * The message the reporter receives for a step (here and from the repair process). The title leads with the step
 * and the number, the location last: a list cell cut short still tells one message of a repair from the next.
 */
export function repairStepMessage(
  action: RepairAction,
  moved: { repairNo: string; location: string },
  note: string | null,
) {
  const what = `报修单${moved.repairNo}（${moved.location}）`;
  return {
    title: `${REPAIR_STEP_TOLD[action]}：${what}`.slice(0, 255),
    content: `${what}${REPAIR_STEP_TOLD[action]}${note ? `\n${note}` : ''}\n请在「报修管理」中查看处理进度。`,
  };
}
