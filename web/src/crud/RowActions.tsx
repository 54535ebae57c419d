import { DeleteOutlined, DownOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, type ButtonProps, Dropdown, Flex, Space, theme } from 'antd';
import {
  Children,
  cloneElement,
  Fragment,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';

interface RowActionsProps {
  onView?: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
  /** A screen's own row buttons, between 编辑 and 删除. */
  children?: ReactNode;
}

/** How many buttons a row shows side by side; beyond that the first ones stay and the rest go under 更多. */
export const INLINE_ACTIONS = 3;

/**
 * Spread on a screen's row button that is the row's main work (登记缴费, 派单, 附件, 预约日历, 对话): on a row with more
 * buttons than fit, it stays side by side, before 查看 and 编辑 take the room left (issue 34.4).
 */
export const PRIMARY_ACTION = { 'data-primary-action': true } as const;

const isDelete = (item: ReactNode) => isValidElement(item) && item.key === 'delete';
const isPrimary = (item: ReactNode) =>
  isValidElement<Record<string, unknown>>(item) && item.props['data-primary-action'] === true;

/** The row's buttons one by one: a screen's fragment of several opened, nothing kept for false or null. */
export function actionItems(children: ReactNode): ReactNode[] {
  return Children.toArray(children).flatMap((child) =>
    isValidElement<{ children?: ReactNode }>(child) && child.type === Fragment
      ? actionItems(child.props.children)
      : [child],
  );
}

/**
 * 查看 / 编辑, the screen's own buttons, then 删除 of one row; an action the user may not take is left out.
 * The destructive one comes last (issue 34.2): the row's work (缴费, 派单, 核销) before it, side by side or
 * first under 更多. Up to three show side by side; with more, two stay and the others open from 更多, so the fixed
 * action column stays narrow enough for the list's data columns to fit a 1440 px screen. The two that stay are the
 * screen's primary buttons (PRIMARY_ACTION) first, then the first others in order (查看, 编辑, ...); 删除 never
 * stays beside them: it is the last under 更多 (issue 34.4).
 */
export function RowActions({ onView, onEdit, onDelete, children }: RowActionsProps) {
  const { t } = useTranslation('crud');
  const items = [
    onView && (
      <Button key="view" type="link" size="small" icon={<EyeOutlined />} onClick={onView}>
        {t('view')}
      </Button>
    ),
    onEdit && (
      <Button key="edit" type="link" size="small" icon={<EditOutlined />} onClick={onEdit}>
        {t('edit')}
      </Button>
    ),
    ...actionItems(children),
    onDelete && (
      <Button key="delete" type="link" size="small" danger icon={<DeleteOutlined />} onClick={onDelete}>
        {t('delete')}
      </Button>
    ),
  ].filter(Boolean);
  if (items.length <= INLINE_ACTIONS) return <Space size={0}>{items.map(compact)}</Space>;
  // The room beside 更多: the primary buttons first, then the others in their order; 删除 never.
  const room = INLINE_ACTIONS - 1;
  const order = items.map((item, i) => ({ item, i })).filter(({ item }) => !isDelete(item));
  const kept = new Set(
    [...order.filter(({ item }) => isPrimary(item)), ...order.filter(({ item }) => !isPrimary(item))]
      .slice(0, room)
      .map(({ i }) => i),
  );
  const inline = items.filter((_, i) => kept.has(i));
  const folded = items.filter((_, i) => !kept.has(i));
  return (
    <Space size={0}>
      {inline.map(compact)}
      <MoreActions>{folded}</MoreActions>
    </Space>
  );
}

/** A button side by side in the row shows its text alone (its icon shows under 更多): the column stays narrow. */
function compact(item: ReactNode): ReactNode {
  return isValidElement(item) && item.type === Button
    ? cloneElement(item as ReactElement<ButtonProps>, { icon: undefined })
    : item;
}

/** 更多: the row's other buttons in a drop-down, which closes once one of them is clicked. */
function MoreActions({ children }: { children: ReactNode }) {
  const { t } = useTranslation('crud');
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      trigger={['click']}
      // Opened (also with Enter or Space), the list takes the focus: its first button has it, Tab goes
      // through the others, Esc closes it and gives the focus back to 更多.
      autoFocus
      popupRender={() => (
        // The buttons stay mounted when the list closes: a dialog one of them opened lives on.
        <Flex
          vertical
          align="flex-start"
          tabIndex={-1}
          onFocus={(event) => {
            if (event.target === event.currentTarget) event.currentTarget.querySelector('button')?.focus();
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            setOpen(false);
            trigger.current?.focus();
          }}
          onClick={() => setOpen(false)}
          style={{
            padding: 4,
            background: token.colorBgElevated,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowSecondary,
          }}
        >
          {children}
        </Flex>
      )}
    >
      <Button ref={trigger} type="link" size="small" icon={<DownOutlined />} iconPlacement="end">
        {t('more')}
      </Button>
    </Dropdown>
  );
}
