import { TranslationOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../i18n/index.ts';

const loadMenu = () => import('./LanguageMenu.tsx');
/** The menu (antd's Dropdown and Menu, some 20 kB compressed) loads on the first click: the login page goes without. */
const LanguageMenu = lazy(loadMenu);

/** 中文 / English; the active language is disabled (spec part 2). */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const lang = useLang();
  const [wanted, setWanted] = useState(false);
  const shown = t(`languages.${lang}`);
  const button = (
    <Button
      type="text"
      icon={<TranslationOutlined />}
      // The visible text leads the name (WCAG 2.5.3): 中文（语言）, English (Language).
      aria-label={t('languageButton', { lang: shown })}
      onClick={wanted ? undefined : () => setWanted(true)}
      // A pointer on its way to the button starts the load, so the menu is usually there by the click.
      onMouseEnter={wanted ? undefined : () => void loadMenu()}
    >
      {shown}
    </Button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu>{button}</LanguageMenu>
    </Suspense>
  );
}
