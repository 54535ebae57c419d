import type { EntityDef } from '../types.ts';
import { carousel } from './carousel.ts';
import { feedback } from './feedback.ts';
import { industry } from './industry.ts';
import { guide, news } from './interaction.ts';
import { job } from './job.ts';
import { staff, staffAssessment, staffAssessmentEvaluate, staffSubsidy } from './personnel.ts';
import { policy, policyPush } from './policy.ts';
import { qa } from './qa.ts';
import { teamProject, teamProjectDocument, teamProjectMatters, teamProjectMattersComments } from './team-project.ts';

export { carousel } from './carousel.ts';
export { FEEDBACK_STATUS, feedback, feedbackReply } from './feedback.ts';
export { industry } from './industry.ts';
export { GUIDE_TAG_KEY, guide, news, PUBLISH_STATUS } from './interaction.ts';
export { job } from './job.ts';
export {
  SCORE_RANGE,
  STAFF_DETAIL_ROUTE,
  STAFF_ROUTE,
  staff,
  staffAssessment,
  staffAssessmentEvaluate,
  staffSubsidy,
} from './personnel.ts';
export { POLICY_PUBLISH, POLICY_PUSH_STATUS, POLICY_TAG_KEY, policy, policyPush, SCALE_BOUNDS } from './policy.ts';
export { qa } from './qa.ts';
export { isTagKey, TAG_KEYS, TAG_MAX_LENGTH, type TagKey } from './tag-option.ts';
export {
  MATTER_STATUS,
  teamProject,
  teamProjectDocument,
  teamProjectMatters,
  teamProjectMattersComments,
} from './team-project.ts';

/** The basic-data module's entities. */
export const basicEntities: EntityDef[] = [
  teamProject,
  teamProjectMatters,
  teamProjectMattersComments,
  teamProjectDocument,
  staff,
  staffSubsidy,
  staffAssessment,
  staffAssessmentEvaluate,
  policy,
  policyPush,
  job,
  carousel,
  industry,
  qa,
  news,
  guide,
  feedback,
];
