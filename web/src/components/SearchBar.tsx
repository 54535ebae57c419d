import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a search sends: the fields the user filled, none that are empty. */
function filledValues<V extends object>(values: V): Partial<V> {
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as Partial<V>;
}

/**
 * The inline search form above every list (the generic screen, the message lists, the pickers):
 * the fields it is given, then 搜索, and 清空, which empties them and searches with nothing.
 * Its name is the prefix of its inputs' ids (`search_paramName`), which tests find them by.
 */
export function SearchBar<V extends object = Record<string, unknown>>({
  name,
  onSearch,
  children,
}: {
  name: string;
  /** Takes the filled fields only. */
  onSearch(values: Partial<V>): void;
  /** The form's items; their names are the values' keys. */
  children: ReactNode;
}) {
  const { t } = useTranslation('crud');
  const [form] = Form.useForm<V>();
  const search = (values: V) => onSearch(filledValues(values));
  return (
    <Form<V> form={form} name={name} layout="inline" onFinish={search} style={{ rowGap: 12, marginBottom: 16 }}>
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('search')}
          </Button>
          <Button
            icon={<ClearOutlined />}
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
