import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../i18n/index.ts';
import { MenuHitTrail } from './MenuHitTrail.tsx';
import { useMenuNavigation } from './menuNavigation.ts';
import { searchMenus, usePinyin } from './menuSearch.ts';

/**
 * The top bar's search box: the same matching as the menu search dialog, each result by its trail; choosing one
 * opens it, and Enter opens the one marked, the first until the arrows move the mark (as the dialog's Enter does).
 */
export function TopSearch() {
  const { t } = useTranslation('shell');
  const lang = useLang();
  const { leaves, open } = useMenuNavigation();
  const [query, setQuery] = useState('');
  // The pinyin dictionary loads when the box is first focused; the results follow once it is there.
  const [touched, setTouched] = useState(false);
  usePinyin(touched || query !== '');
  const options = searchMenus(leaves, query, lang).map((hit) => ({
    value: hit.leaf.path,
    label: <MenuHitTrail hit={hit} />,
  }));
  return (
    <AutoComplete
      value={query}
      options={options}
      defaultActiveFirstOption
      onSearch={setQuery}
      onSelect={(path: string) => {
        setQuery('');
        open(path);
      }}
      // The header's 56 px line height would stretch the box to the bar's full height.
      style={{ width: 220, lineHeight: 'normal' }}
    >
      <Input
        onFocus={() => setTouched(true)}
        prefix={<SearchOutlined />}
        placeholder={t('search.placeholder')}
        aria-label={t('search.placeholder')}
      />
    </AutoComplete>
  );
}
