import {
  businessHolding,
  type EntityDef,
  enterprise,
  type FieldDef,
  ruleMessage,
  scheduledJob,
  tenant,
  user,
} from '@park/catalog';
import { act, cleanup, render } from '@testing-library/react';
import { Form, type FormInstance, Input } from 'antd';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLang, useLang } from '../i18n/index.ts';
import { dependenciesOf, rulesOf } from './rules.ts';
import { formFieldsOf } from './values.ts';

/** A form of the entity's fields with the rules derived from the catalog, as FieldItems builds them. */
function Fields({ fields, onForm }: { fields: FieldDef[]; onForm: (form: FormInstance) => void }) {
  const [form] = Form.useForm();
  const lang = useLang();
  onForm(form);
  return (
    <Form form={form}>
      {fields.map((field) => (
        <Form.Item
          key={field.name}
          name={field.name}
          rules={rulesOf(field, lang, fields)}
          dependencies={dependenciesOf(field)}
        >
          <Input />
        </Form.Item>
      ))}
    </Form>
  );
}

/** The messages each field shows for these values, by field name (only fields that have one). */
async function problems(entity: EntityDef, values: Record<string, unknown>): Promise<Record<string, string>> {
  let form: FormInstance | undefined;
  render(<Fields fields={formFieldsOf(entity)} onForm={(f) => (form = f)} />);
  const names = Object.keys(values);
  let errors: { name: (string | number)[]; errors: string[] }[] = [];
  await act(async () => {
    form!.setFieldsValue(values);
    errors = await form!.validateFields(names).then(
      () => [],
      (e: { errorFields: typeof errors }) => e.errorFields,
    );
  });
  return Object.fromEntries(errors.map((e) => [String(e.name[0]), e.errors[0]]));
}

describe('rules derived from the catalog', () => {
  beforeEach(() => setLang('zh'));
  afterEach(() => {
    cleanup();
    setLang('zh');
  });

  it('checks a user’s mobile and email, and the department unless it is a company account', async () => {
    expect(await problems(user, { phone: '123', email: 'not-an-email', userType: 1, deptId: '' })).toEqual({
      phone: '手机号码长度不为11位',
      email: '邮箱格式不正确',
      deptId: '请选择所属部门',
    });
    expect(await problems(user, { phone: '23800001111' })).toEqual({ phone: '手机号码格式不正确' });
    // Optional fields may stay empty; a company account has no department.
    expect(await problems(user, { phone: '', email: '', userType: 2, deptId: '' })).toEqual({});
    expect(await problems(user, { phone: '13800001111', email: 'a@park.example' })).toEqual({});
  });

  it('checks a tenant’s phone, which may be a landline', async () => {
    expect(await problems(tenant, { contactNumber: 'abc' })).toEqual({ contactNumber: '电话号不正确' });
    expect(await problems(tenant, { contactNumber: '0591-87654321' })).toEqual({});
  });

  it('checks an enterprise’s credit code, phone, capital and dates', async () => {
    expect(
      await problems(enterprise, {
        creditCode: '91440300MA5FXH123I',
        agentPhone: '12345',
        registeredCapital: '-5',
        entryDate: dayjs('2024-05-01'),
        dueDate: dayjs('2024-01-01'),
      }),
    ).toEqual({
      creditCode: '统一社会信用代码格式不正确',
      agentPhone: '电话号不正确',
      registeredCapital: '注册资本(元)不能小于0',
      dueDate: '到期日期不能早于入驻日期',
    });
    expect(
      await problems(enterprise, {
        creditCode: '91440300ma5fxh1234',
        registeredCapital: '0',
        entryDate: dayjs('2024-05-01'),
        dueDate: dayjs('2024-05-01'),
      }),
    ).toEqual({});
  });

  it('checks a job’s schedule: five-part cron or Quartz, and one that fires again', async () => {
    expect(await problems(scheduledJob, { cronExpression: 'every day' })).toMatchObject({
      cronExpression: 'Cron表达式格式不正确',
    });
    expect(await problems(scheduledJob, { cronExpression: '0 0 0 30 2 ?' })).toMatchObject({
      cronExpression: 'Cron表达式没有下一次执行时间',
    });
    for (const cronExpression of ['*/5 * * * *', '0 0/5 * * * ?', '0 0 9 ? * MON-FRI', '0 0 2 1 * ? 2099']) {
      expect(await problems(scheduledJob, { cronExpression })).not.toHaveProperty('cronExpression');
    }
  });

  it('bounds a percentage on both sides', async () => {
    expect(await problems(businessHolding, { shareRatio: '101' })).toEqual({ shareRatio: '持股比例(%)在0-100之间' });
    expect(await problems(businessHolding, { shareRatio: '100' })).toEqual({});
  });

  it('says it in English as the server does', async () => {
    setLang('en');
    const found = await problems(enterprise, {
      registeredCapital: -1,
      entryDate: dayjs('2024-05-01'),
      dueDate: dayjs('2024-01-01'),
    });
    const [capital, entry, due] = ['registeredCapital', 'entryDate', 'dueDate'].map(
      (name) => enterprise.fields.find((f) => f.name === name)!.label,
    );
    expect(found).toEqual({
      registeredCapital: ruleMessage('atLeast', { label: capital, min: 0 }).en,
      dueDate: ruleMessage('notBefore', {
        end: { zh: due.zh, en: due.en.toLowerCase() },
        start: { zh: entry.zh, en: entry.en.toLowerCase() },
      }).en,
    });
    expect(found.registeredCapital).toBe('Registered capital (yuan) cannot be less than 0');
    expect(found.dueDate).toBe('The due date cannot be before the entry date');
  });
});
