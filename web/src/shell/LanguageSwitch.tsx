import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang, setLang, useLang } from '../i18n/index.ts';

/** 中文 / English; the active language is disabled (spec part 2). */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const lang = useLang();
  const items = LANGS.map((key) => ({ key, label: t(`languages.${key}`), disabled: key === lang }));
  return (
    <Dropdown menu={{ items, onClick: ({ key }) => setLang(key as Lang) }} trigger={['click']}>
      <Button type="text" icon={<TranslationOutlined />} aria-label={t('language')}>
        {t(`languages.${lang}`)}
      </Button>
    </Dropdown>
  );
}
