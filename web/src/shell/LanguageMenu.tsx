import { Dropdown } from 'antd';
import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang, setLang, useLang } from '../i18n/index.ts';

/** The languages' menu around the switch's button, open as it arrives (the click that loaded it asked for it). */
export default function LanguageMenu({ children }: { children: ReactElement }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [open, setOpen] = useState(true);
  const items = LANGS.map((key) => ({ key, label: t(`languages.${key}`), disabled: key === lang }));
  return (
    <Dropdown
      menu={{ items, onClick: ({ key }) => setLang(key as Lang) }}
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
    >
      {children}
    </Dropdown>
  );
}
