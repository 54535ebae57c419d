import { SearchOutlined } from '@ant-design/icons';
import { Empty, Input, List, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../i18n/index.ts';
import { MenuHitTrail } from './MenuHitTrail.tsx';
import { useMenuNavigation } from './menuNavigation.ts';
import { searchMenus, usePinyin } from './menuSearch.ts';
import { useMenuSearchDialog } from './menuSearchState.ts';

/**
 * 菜单搜索: filters the leaf menus as the user types, each shown with the groups above it; Enter opens the
 * first, a click the one clicked, Esc closes.
 */
export function MenuSearchDialog() {
  const { t } = useTranslation('shell');
  const lang = useLang();
  const open = useMenuSearchDialog((s) => s.open);
  const setOpen = useMenuSearchDialog((s) => s.setOpen);
  const { leaves, open: openMenu } = useMenuNavigation();
  const [query, setQuery] = useState('');
  // The pinyin dictionary loads when the dialog first opens; the results follow once it is there.
  usePinyin(open);
  const found = searchMenus(leaves, query, lang);

  const close = () => {
    setOpen(false);
    setQuery('');
  };
  const go = (path: string) => {
    close();
    openMenu(path);
  };

  return (
    <Modal title={t('search.dialogTitle')} open={open} onCancel={close} footer={null} destroyOnHidden width={520}>
      <Input
        autoFocus
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('search.placeholder')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onPressEnter={(event) => {
          // The dialog closes at once (without animation) and gives the focus back to 菜单搜索: the key's
          // default action must not press that button again.
          event.preventDefault();
          if (found[0]) go(found[0].leaf.path);
        }}
        aria-label={t('search.dialogTitle')}
      />
      <Typography.Text type="secondary" style={{ display: 'block', margin: '8px 0' }}>
        {t('search.hint')}
      </Typography.Text>
      {query.trim() && !found.length ? (
        <Empty description={t('search.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <List
          size="small"
          dataSource={found}
          renderItem={(hit) => (
            <List.Item style={{ cursor: 'pointer' }} onClick={() => go(hit.leaf.path)} data-testid="menu-search-result">
              <List.Item.Meta title={<MenuHitTrail hit={hit} />} description={hit.leaf.path} />
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
