import { Flex, InputNumber, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TAG_LIMIT_RANGE, usePreferences } from '../stores/preferences.ts';

/**
 * The layout settings under the themes, kept with them across visits: how many tabs the tags bar holds
 * and whether the sidebar is an accordion. Loaded with the dialog's first opening, not with every page.
 */
export default function LayoutSettings() {
  const { t } = useTranslation('shell');
  const tagLimit = usePreferences((s) => s.tagLimit);
  const setTagLimit = usePreferences((s) => s.setTagLimit);
  const accordion = usePreferences((s) => s.accordion);
  const setAccordion = usePreferences((s) => s.setAccordion);
  return (
    <Flex vertical gap={12} style={{ marginTop: 16 }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('theme.layout')}
      </Typography.Title>
      <Flex align="center" gap={12} wrap>
        <label htmlFor="tag-limit">{t('theme.tagLimit')}</label>
        <InputNumber
          id="tag-limit"
          min={TAG_LIMIT_RANGE.min}
          max={TAG_LIMIT_RANGE.max}
          precision={0}
          value={tagLimit}
          onChange={(value) => value !== null && setTagLimit(value)}
          aria-describedby="tag-limit-help"
        />
        <Typography.Text type="secondary" id="tag-limit-help">
          {t('theme.tagLimitHelp')}
        </Typography.Text>
      </Flex>
      <Flex align="center" gap={12} wrap>
        <label htmlFor="menu-accordion">{t('theme.accordion')}</label>
        <Switch id="menu-accordion" checked={accordion} onChange={setAccordion} aria-describedby="accordion-help" />
        <Typography.Text type="secondary" id="accordion-help">
          {t('theme.accordionHelp')}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
