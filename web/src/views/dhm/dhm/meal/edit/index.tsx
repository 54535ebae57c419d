import { ArrowLeftOutlined } from '@ant-design/icons';
import { meal } from '@park/catalog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Form, Row as GridRow, Input, InputNumber, Result, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { fetchDetail, submitRow } from '../../../../../api/crud.ts';
import { PageSpin } from '../../../../../components/PageSpin.tsx';
import { RefSelect } from '../../../../../components/pickers/RefSelect.tsx';
import { DictSelect } from '../../../../../crud/DictSelect.tsx';
import { rulesOf } from '../../../../../crud/rules.ts';
import { useSave } from '../../../../../crud/useSave.ts';
import { toast } from '../../../../../feedback.ts';
import { useLang } from '../../../../../i18n/index.ts';
import { usePageTag } from '../../../../../shell/usePageTag.ts';
import { CheckboxString, MEAL_PATH, partsOf, useDishOptions, useWeekDayOptions } from '../../shared.tsx';

const field = (name: string) => meal.fields.find((f) => f.name === name)!;

interface MealForm {
  mealName: string;
  categoryMealId: string;
  categoryName?: string;
  dishes: string[];
  price: string;
  serveDays: string;
  dailyLimit?: number | null;
  status: number;
  remark?: string;
}

/**
 * /dhm/dhm/meal/edit (spec part 2): a meal's editing page, new without `?id=`, the meal's with it. Its
 * dishes are picked from the canteen's dishes, its serving days checked, its daily portions left empty
 * for no limit; the server checks all of it again on save.
 */
export default function MealEditPage() {
  const { t } = useTranslation(['dhm', 'crud', 'common']);
  const lang = useLang();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useSearchParams()[0].get('id') ?? undefined;
  const [form] = Form.useForm<MealForm>();
  const weekDays = useWeekDayOptions();
  usePageTag(id ? t('editMeal') : t('newMeal'));

  const detail = useQuery({
    queryKey: ['crud', meal.key, 'detail', id],
    queryFn: () => fetchDetail(meal, id as string),
    enabled: id !== undefined,
    gcTime: 0,
  });
  const dishOptions = useDishOptions();

  const back = () => navigate(MEAL_PATH);
  const save = useSave(
    (values: MealForm) =>
      submitRow(meal, {
        ...(id ? { id } : {}),
        mealName: values.mealName,
        categoryMealId: values.categoryMealId,
        dishesIds: values.dishes.join(','),
        price: values.price,
        serveDays: values.serveDays,
        dailyLimit: values.dailyLimit ?? null,
        status: values.status,
        remark: values.remark ?? null,
      }),
    () => {
      toast.success(t('mealSaved'));
      void queryClient.invalidateQueries({ queryKey: ['crud', meal.key] });
      back();
    },
  );

  if (id && detail.isPending) return <PageSpin />;
  if (id && detail.isError) {
    return (
      <Result
        status="404"
        title={t('mealMissing')}
        subTitle={detail.error.message}
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={back}>
            {t('back')}
          </Button>
        }
      />
    );
  }
  const row = detail.data;
  const initial: Partial<MealForm> = row
    ? {
        mealName: String(row.mealName ?? ''),
        categoryMealId: String(row.categoryMealId ?? ''),
        categoryName: String(row.categoryName ?? ''),
        dishes: partsOf(row.dishesIds),
        price: String(row.price ?? ''),
        serveDays: String(row.serveDays ?? ''),
        dailyLimit: row.dailyLimit === null || row.dailyLimit === undefined ? null : Number(row.dailyLimit),
        status: Number(row.status ?? 1),
        remark: row.remark ? String(row.remark) : undefined,
      }
    : { status: 1, serveDays: '1,2,3,4,5' };
  const label = (name: string) => field(name).label[lang];

  return (
    <Card
      title={id ? t('editMeal') : t('newMeal')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={back}>
          {t('back')}
        </Button>
      }
    >
      <Form<MealForm>
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={initial}
        onFinish={(values) => save.mutate(values)}
        style={{ maxWidth: 880 }}
      >
        <Form.Item name="categoryName" hidden>
          <Input />
        </Form.Item>
        <GridRow gutter={16}>
          <Col span={12}>
            <Form.Item name="mealName" label={label('mealName')} rules={rulesOf(field('mealName'), lang)}>
              <Input maxLength={100} placeholder={t('crud:inputPlaceholder', { label: label('mealName') })} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="categoryMealId"
              label={label('categoryMealId')}
              rules={rulesOf(field('categoryMealId'), lang)}
            >
              <RefSelect
                field={field('categoryMealId')}
                placeholder={t('crud:selectPlaceholder', { label: label('categoryMealId') })}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="dishes"
              label={label('dishesIds')}
              extra={t('dishesHint')}
              rules={[{ required: true, message: t('pickDishes') }]}
              validateTrigger={['onBlur', 'onChange']}
            >
              <Select
                mode="multiple"
                showSearch
                optionFilterProp="label"
                loading={dishOptions.loading}
                placeholder={t('pickDishes')}
                options={dishOptions.options}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="price" label={label('price')} rules={rulesOf(field('price'), lang)}>
              <InputNumber style={{ width: '100%' }} precision={2} stringMode min="0" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="dailyLimit"
              label={label('dailyLimit')}
              extra={t('limitHint')}
              rules={rulesOf(field('dailyLimit'), lang)}
            >
              <InputNumber style={{ width: '100%' }} precision={0} min={1} placeholder={t('unlimited')} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="serveDays"
              label={label('serveDays')}
              rules={[{ required: true, message: t('serveDaysRequired') }]}
              validateTrigger={['onChange']}
            >
              <CheckboxString options={weekDays} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="status" label={label('status')} rules={rulesOf(field('status'), lang)}>
              <DictSelect field={field('status')} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={label('remark')}>
              <Input.TextArea rows={3} maxLength={255} showCount />
            </Form.Item>
          </Col>
        </GridRow>
        <Flex justify="flex-start">
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('crud:save')}
            </Button>
            <Button onClick={back}>{t('common:cancel')}</Button>
          </Space>
        </Flex>
      </Form>
    </Card>
  );
}
