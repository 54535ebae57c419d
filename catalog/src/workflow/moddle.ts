/**
 * Our BPMN extension (a moddle descriptor), read by bpmn-js in the designer and by bpmn-moddle on the
 * server, so a model round-trips with everything the engine reads. Standard BPMN carries what it can:
 * `bpmn:conditionExpression` on a sequence flow (its body is an expression of ../forms/expression), a
 * gateway's `default` flow, `bpmn:multiInstanceLoopCharacteristics` (isSequential) with its
 * `completionCondition` for a multi-instance user task. The rest is here:
 *
 *   <bpmn:startEvent park:formKey="leave">
 *   <bpmn:userTask park:formKey="leave" park:dueTime="P2D" park:remindBefore="PT4H">
 *     <bpmn:extensionElements>
 *       <park:assignee type="role" value="1123598816738675201" text="部门经理" />
 *       <park:button key="wf_pass" />  <park:button key="wf_reject" />
 *       <park:fieldAuth field="days" mode="editable" />
 *       <park:copyTo type="user" value="…" text="…" />
 *     </bpmn:extensionElements>
 *     <bpmn:multiInstanceLoopCharacteristics park:signMode="ratio" park:ratio="0.6" />
 *   </bpmn:userTask>
 */

export const PARK_BPMN_URI = 'http://park-console.dev/schema/bpmn/1.0';

/** Who a task goes to: the users these rules name together (one user is assigned, several are candidates who claim). */
export const ASSIGNEE_TYPES = ['user', 'role', 'dept', 'post', 'starter', 'starterLeader', 'field'] as const;
export type AssigneeType = (typeof ASSIGNEE_TYPES)[number];

/** 会签 all must approve, 或签 the first decides, or a share of them (`ratio`, 0 < ratio <= 1). */
export const SIGN_MODES = ['all', 'any', 'ratio'] as const;
export type SignMode = (typeof SIGN_MODES)[number];

/** The buttons a task may show (design/button keys). */
export const WORKFLOW_BUTTONS = [
  'wf_pass',
  'wf_reject',
  'wf_print',
  'wf_transfer',
  'wf_delegate',
  'wf_terminate',
  'wf_add_instance',
  'wf_del_instance',
  'wf_rollback',
  'wf_withdraw',
  'wf_copy',
  'wf_urge',
] as const;
export type WorkflowButton = (typeof WORKFLOW_BUTTONS)[number];

export const parkModdle = {
  name: 'Park',
  prefix: 'park',
  uri: PARK_BPMN_URI,
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  types: [
    {
      name: 'FormTarget',
      extends: ['bpmn:StartEvent', 'bpmn:UserTask'],
      properties: [{ name: 'formKey', isAttr: true, type: 'String' }],
    },
    {
      name: 'TaskTimes',
      extends: ['bpmn:UserTask'],
      properties: [
        // ISO 8601 durations (P2D, PT4H) from the task's creation.
        { name: 'dueTime', isAttr: true, type: 'String' },
        { name: 'remindBefore', isAttr: true, type: 'String' },
      ],
    },
    {
      name: 'SignRule',
      extends: ['bpmn:MultiInstanceLoopCharacteristics'],
      properties: [
        { name: 'signMode', isAttr: true, type: 'String' },
        { name: 'ratio', isAttr: true, type: 'Real' },
      ],
    },
    {
      name: 'Assignee',
      superClass: ['Element'],
      meta: { allowedIn: ['bpmn:UserTask'] },
      properties: [
        { name: 'type', isAttr: true, type: 'String' },
        // Ids comma-joined (user, role, dept, post), or a form field's name (field); empty for starter and starterLeader.
        { name: 'value', isAttr: true, type: 'String' },
        // The names shown in the designer, comma-joined.
        { name: 'text', isAttr: true, type: 'String' },
      ],
    },
    {
      name: 'CopyTo',
      superClass: ['Element'],
      meta: { allowedIn: ['bpmn:UserTask', 'bpmn:ServiceTask'] },
      properties: [
        { name: 'type', isAttr: true, type: 'String' },
        { name: 'value', isAttr: true, type: 'String' },
        { name: 'text', isAttr: true, type: 'String' },
      ],
    },
    {
      name: 'Button',
      superClass: ['Element'],
      meta: { allowedIn: ['bpmn:UserTask'] },
      properties: [{ name: 'key', isAttr: true, type: 'String' }],
    },
    {
      name: 'FieldAuth',
      superClass: ['Element'],
      meta: { allowedIn: ['bpmn:UserTask'] },
      properties: [
        { name: 'field', isAttr: true, type: 'String' },
        { name: 'mode', isAttr: true, type: 'String' },
      ],
    },
  ],
  enumerations: [],
} as const;
