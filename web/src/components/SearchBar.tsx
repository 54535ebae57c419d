import { ClearOutlined, DownOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Space } from 'antd';
import { Children, isValidElement, type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from 'react';
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
  collapse,
  initialValues,
}: {
  name: string;
  /** Takes the filled fields only. */
  onSearch(values: Partial<V>): void;
  /** The form's items; their names are the values' keys. */
  children: ReactNode;
  /** Folds the form to its first row (展开/收起) when its fields take more than one; the caller keeps the state. */
  collapse?: { collapsed: boolean; onChange: (collapsed: boolean) => void };
  /** The values the form opens with. */
  initialValues?: Partial<V>;
}) {
  const { t, i18n } = useTranslation('crud');
  const [form] = Form.useForm<V>();
  const search = (values: V) => onSearch(filledValues(values));
  const box = useRef<HTMLDivElement>(null);
  const fit = useFirstRow(box, collapse?.collapsed ?? false, collapse !== undefined, fieldsOf(children, i18n.language));
  return (
    <div ref={box}>
      <Form<V>
        form={form}
        name={name}
        layout="inline"
        initialValues={initialValues}
        onFinish={search}
        style={{ rowGap: 12, marginBottom: 16 }}
      >
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
            {collapse && fit !== null && (
              <Button
                type="link"
                aria-expanded={!collapse.collapsed}
                // One icon turned over, rather than a second icon's code.
                icon={<DownOutlined rotate={collapse.collapsed ? 0 : 180} />}
                iconPlacement="end"
                onClick={() => collapse.onChange(!collapse.collapsed)}
              >
                {collapse.collapsed ? t('expand') : t('collapse')}
              </Button>
            )}
          </Space>
        </Form.Item>
      </Form>
    </div>
  );
}

/**
 * What the fields' row depends on besides the form's width: which fields there are, and the language of their labels.
 * Not the children themselves, which are new elements at every render of the list around the form: measured on each,
 * the form laid the whole page out again whenever the list drew anything.
 */
function fieldsOf(children: ReactNode, language: string): string {
  const fields = Children.toArray(children).map((child) =>
    isValidElement<{ name?: unknown }>(child) ? `${String(child.key)}=${String(child.props.name ?? '')}` : '',
  );
  return `${language}:${fields.join(',')}`;
}

/**
 * How many fields fit the form's first row beside its buttons (null when all of them do, and there is nothing
 * to fold); folded, the fields after those are hidden, their values kept. Measured with every field shown,
 * before the browser paints, again when the form's width, its fields or their language change.
 */
function useFirstRow(box: RefObject<HTMLDivElement | null>, collapsed: boolean, enabled: boolean, fields: string) {
  const [fit, setFit] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: other fields, their labels in another language, or 展开 once shown, fit otherwise
  useLayoutEffect(() => {
    const element = box.current;
    if (!enabled || !element) return;
    const measure = () => {
      const items = Array.from(element.querySelectorAll<HTMLElement>(':scope > form > .ant-form-item'));
      const buttons = items.pop();
      if (!buttons || items.length === 0) return;
      for (const item of items) item.style.display = '';
      const top = items[0].offsetTop;
      let count = items.filter((item) => item.offsetTop === top).length;
      let first: number | null = null;
      if (count < items.length || buttons.offsetTop !== top) {
        // The buttons take the end of the first row: as many fields as leave them room.
        const room = element.clientWidth - buttons.offsetWidth;
        while (count > 1 && items[count - 1].offsetLeft + items[count - 1].offsetWidth > room) count--;
        first = count;
      }
      items.forEach((item, index) => {
        item.style.display = collapsed && first !== null && index >= first ? 'none' : '';
      });
      setFit(first);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
    // Measured again once 展开 shows (fit), which takes room of its own.
  }, [box, collapsed, enabled, fields, fit]);
  return fit;
}
