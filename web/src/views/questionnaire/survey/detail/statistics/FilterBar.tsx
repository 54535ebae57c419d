import { FilterOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterQuestion, PickedFilter } from './filters.ts';

/**
 * The cross-filter: pick a question and one of its answers, and the statistics below are those of the sheets that
 * gave it. Several answers of one question are any of them, several questions all of them (as the server reads).
 */
export function FilterBar({
  questions,
  picked,
  onChange,
}: {
  questions: FilterQuestion[];
  picked: PickedFilter[];
  onChange: (picked: PickedFilter[]) => void;
}) {
  const { t } = useTranslation('questionnaire');
  const [question, setQuestion] = useState<string>();
  const [answer, setAnswer] = useState<string>();
  const chosen = questions.find((q) => q.name === question);
  const labelOf = (p: PickedFilter) => {
    const q = questions.find((x) => x.name === p.field);
    return `${q?.label ?? p.field}: ${q?.answers.find((a) => a.value === p.value)?.label ?? p.value}`;
  };
  const add = () => {
    if (!question || answer === undefined) return;
    if (!picked.some((p) => p.field === question && p.value === answer)) {
      onChange([...picked, { field: question, value: answer }]);
    }
    setAnswer(undefined);
  };

  if (!questions.length) return <Typography.Text type="secondary">{t('stats.filter.none')}</Typography.Text>;
  return (
    <Flex vertical gap={8}>
      <Flex wrap gap={8} align="center">
        <FilterOutlined aria-hidden />
        <Select
          aria-label={t('stats.filter.question')}
          placeholder={t('stats.filter.questionPlaceholder')}
          style={{ minWidth: 220, maxWidth: 360 }}
          showSearch={{ optionFilterProp: 'label' }}
          value={question}
          onChange={(value: string) => {
            setQuestion(value);
            setAnswer(undefined);
          }}
          options={questions.map((q) => ({ value: q.name, label: q.label }))}
        />
        <Select
          aria-label={t('stats.filter.answer')}
          placeholder={t('stats.filter.answerPlaceholder')}
          style={{ minWidth: 180, maxWidth: 320 }}
          showSearch={{ optionFilterProp: 'label' }}
          disabled={!chosen}
          value={answer}
          onChange={(value: string) => setAnswer(value)}
          options={(chosen?.answers ?? []).map((a) => ({ value: a.value, label: a.label }))}
        />
        <Button icon={<PlusOutlined />} disabled={!chosen || answer === undefined} onClick={add}>
          {t('stats.filter.add')}
        </Button>
        {picked.length > 0 && <Button onClick={() => onChange([])}>{t('stats.filter.clear')}</Button>}
      </Flex>
      {picked.length > 0 && (
        <Flex wrap gap={4} role="list" aria-label={t('stats.filter.title')}>
          {picked.map((p) => {
            const label = labelOf(p);
            return (
              <Tag
                key={`${p.field}:${p.value}`}
                role="listitem"
                color="processing"
                closable={{ 'aria-label': t('stats.filter.remove', { label }) }}
                onClose={() => onChange(picked.filter((x) => x !== p))}
              >
                {label}
              </Tag>
            );
          })}
        </Flex>
      )}
      <Typography.Text type="secondary">{t('stats.filter.hint')}</Typography.Text>
    </Flex>
  );
}
