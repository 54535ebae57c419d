import { parkModdle } from '@park/catalog/workflow';
import { BpmnModdle } from 'bpmn-moddle';
import { describe, expect, it } from 'vitest';
import { durationMinutes, fromDuration, toDuration } from './duration.ts';
import {
  ASSIGNEE,
  applyDirectly,
  COPY_TO,
  type ModdleElement,
  readAttr,
  readButtons,
  readCondition,
  readDocumentation,
  readFieldAuth,
  readRules,
  readSign,
  readTimerDuration,
  timerOf,
  writeAttr,
  writeButtons,
  writeCondition,
  writeDefaultFlow,
  writeDocumentation,
  writeFieldAuth,
  writeRules,
  writeSign,
  writeTimerDuration,
} from './parkModel.ts';

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="leave" isExecutable="true">
    <bpmn:startEvent id="start" />
    <bpmn:userTask id="approve" name="审批" />
    <bpmn:boundaryEvent id="late" attachedToRef="approve"><bpmn:timerEventDefinition id="lateTimer" /></bpmn:boundaryEvent>
    <bpmn:exclusiveGateway id="days" />
    <bpmn:sequenceFlow id="short" sourceRef="days" targetRef="end" />
    <bpmn:sequenceFlow id="long" sourceRef="days" targetRef="end" />
    <bpmn:endEvent id="end" />
  </bpmn:process>
</bpmn:definitions>`;

function moddle() {
  return new BpmnModdle({ park: parkModdle });
}

async function load(bpmn: BpmnModdle, xml: string) {
  const { rootElement, warnings } = await bpmn.fromXML(xml);
  expect(warnings).toEqual([]);
  const process = (rootElement.get('rootElements') as ModdleElement[])[0];
  const byId = (id: string) =>
    (process.get('flowElements') as ModdleElement[]).find((element) => element.get('id') === id) as ModdleElement;
  return { definitions: rootElement, process, byId };
}

describe('the properties drawer’s writes', () => {
  it('round-trip every extension of a user task, and the process, flows, gateway and timer, through XML', async () => {
    const bpmn = moddle();
    const { definitions, process, byId } = await load(bpmn, XML);
    const task = byId('approve');
    const assignees = [
      { type: 'role' as const, value: '1123598816738675201,1123598816738675202', text: '部门经理,总经理' },
      { type: 'starterLeader' as const, value: '', text: '' },
      { type: 'field' as const, value: 'approver', text: '审批人' },
    ];
    const copies = [{ type: 'dept' as const, value: '1123598813738675201', text: '财务部' }];
    // Written one after the other, as a designer changes them: each keeps what the others wrote.
    applyDirectly([writeRules(bpmn, task, ASSIGNEE, assignees)]);
    applyDirectly([writeButtons(bpmn, task, ['wf_pass', 'wf_reject', 'wf_transfer'])]);
    applyDirectly([writeFieldAuth(bpmn, task, { days: 'editable', reason: 'hidden', type: 'readonly' })]);
    applyDirectly([writeRules(bpmn, task, COPY_TO, copies)]);
    applyDirectly([writeAttr(task, 'park:formKey', 'leave_form')]);
    applyDirectly([writeAttr(task, 'park:dueTime', toDuration({ amount: 2, unit: 'day' }))]);
    applyDirectly([writeAttr(task, 'park:remindBefore', toDuration({ amount: 4, unit: 'hour' }))]);
    applyDirectly([writeSign(bpmn, task, { mode: 'ratio', ratio: 0.6, completion: 'nrOfCompleted >= 2' })]);
    applyDirectly([writeAttr(byId('start'), 'park:formKey', 'leave_form')]);
    applyDirectly([writeAttr(process, 'name', '请假'), writeDocumentation(bpmn, process, '员工请假')]);
    applyDirectly([writeCondition(bpmn, byId('short'), 'days <= 3')]);
    applyDirectly([writeCondition(bpmn, byId('long'), 'days > 3')]);
    // Made the default, the flow drops its condition.
    applyDirectly(writeDefaultFlow(byId('days'), byId('long')));
    applyDirectly([writeTimerDuration(bpmn, timerOf(byId('late')) as ModdleElement, 'PT30M')]);

    const { xml } = await bpmn.toXML(definitions, { format: true });
    expect(xml).toContain('<park:assignee type="starterLeader" />');
    expect(xml).toMatch(/<bpmn:multiInstanceLoopCharacteristics [^>]*park:signMode="ratio" park:ratio="0.6"/);

    const again = await load(moddle(), xml);
    const read = again.byId('approve');
    expect(readRules(read, ASSIGNEE)).toEqual(assignees);
    expect(readRules(read, COPY_TO)).toEqual(copies);
    expect(readButtons(read)).toEqual(['wf_pass', 'wf_reject', 'wf_transfer']);
    expect(readFieldAuth(read)).toEqual({ days: 'editable', reason: 'hidden' });
    expect(readAttr(read, 'park:formKey')).toBe('leave_form');
    expect(readAttr(read, 'park:dueTime')).toBe('P2D');
    expect(readAttr(read, 'park:remindBefore')).toBe('PT4H');
    expect(readSign(read)).toEqual({ mode: 'ratio', ratio: 0.6, completion: 'nrOfCompleted >= 2' });
    expect(readAttr(again.byId('start'), 'park:formKey')).toBe('leave_form');
    expect(readAttr(again.process, 'name')).toBe('请假');
    expect(readDocumentation(again.process)).toBe('员工请假');
    expect(readCondition(again.byId('short'))).toBe('days <= 3');
    expect(readCondition(again.byId('long'))).toBe('');
    expect((again.byId('days').get('default') as ModdleElement).get('id')).toBe('long');
    expect(readTimerDuration(timerOf(again.byId('late')) as ModdleElement)).toBe('PT30M');
    // Our extension elements in the moddle file's order, whatever order they were written in.
    const order = [...xml.matchAll(/<park:(\w+)/g)].map((match) => match[1]);
    expect(order).toEqual([
      'assignee',
      'assignee',
      'assignee',
      'button',
      'button',
      'button',
      'fieldAuth',
      'fieldAuth',
      'copyTo',
    ]);
  });

  it('removes what is emptied: rules, buttons, attributes, the multi-instance, the condition, the default', async () => {
    const bpmn = moddle();
    const { definitions, byId } = await load(bpmn, XML);
    const task = byId('approve');
    applyDirectly([writeRules(bpmn, task, ASSIGNEE, [{ type: 'starter', value: '', text: '' }])]);
    applyDirectly([writeButtons(bpmn, task, ['wf_pass'])]);
    applyDirectly([writeSign(bpmn, task, { mode: 'all' })]);
    applyDirectly([writeAttr(task, 'park:dueTime', 'P1D')]);
    applyDirectly([writeCondition(bpmn, byId('short'), 'days <= 3')]);
    applyDirectly(writeDefaultFlow(byId('days'), byId('long')));

    applyDirectly([writeRules(bpmn, task, ASSIGNEE, [])]);
    applyDirectly([writeButtons(bpmn, task, [])]);
    applyDirectly([writeSign(bpmn, task, { mode: 'none' })]);
    applyDirectly([writeAttr(task, 'park:dueTime', ' ')]);
    applyDirectly([writeCondition(bpmn, byId('short'), '')]);
    applyDirectly(writeDefaultFlow(byId('days'), undefined));

    const { xml } = await bpmn.toXML(definitions);
    expect(xml).not.toMatch(/park:|extensionElements|multiInstance|conditionExpression|default=/);
    const again = await load(moddle(), xml);
    expect(readButtons(again.byId('approve'))).toBeUndefined();
    expect(readSign(again.byId('approve'))).toEqual({ mode: 'none' });
  });

  it('keeps 会签 parallel with no ratio, and a sequential one sequential', async () => {
    const bpmn = moddle();
    const { definitions, byId } = await load(bpmn, XML);
    const task = byId('approve');
    applyDirectly([writeSign(bpmn, task, { mode: 'ratio', ratio: 0.5 })]);
    (task.get('loopCharacteristics') as ModdleElement).set('isSequential', true);
    applyDirectly([writeSign(bpmn, task, { mode: 'any', ratio: 0.5 })]);
    const { xml } = await bpmn.toXML(definitions);
    const read = (await load(moddle(), xml)).byId('approve');
    expect(readSign(read)).toEqual({ mode: 'any', ratio: undefined, completion: undefined });
    expect((read.get('loopCharacteristics') as ModdleElement).get('isSequential')).toBe(true);
  });
});

describe('durations', () => {
  it('writes a number and a unit as ISO 8601', () => {
    expect(toDuration({ amount: 2, unit: 'day' })).toBe('P2D');
    expect(toDuration({ amount: 4, unit: 'hour' })).toBe('PT4H');
    expect(toDuration({ amount: 30, unit: 'minute' })).toBe('PT30M');
  });

  it('reads one back in the largest unit that holds it whole', () => {
    expect(fromDuration('P2D')).toEqual({ amount: 2, unit: 'day' });
    expect(fromDuration('P1DT4H')).toEqual({ amount: 28, unit: 'hour' });
    expect(fromDuration('PT90M')).toEqual({ amount: 90, unit: 'minute' });
    expect(fromDuration('P1W')).toEqual({ amount: 7, unit: 'day' });
    expect(durationMinutes('PT1H30M')).toBe(90);
  });

  it('refuses what it does not write', () => {
    for (const bad of ['', 'P', 'PT', '2D', 'P1M2', 'PT10S', 'P1Y', 'soon'])
      expect(fromDuration(bad), bad).toBeUndefined();
  });
});
