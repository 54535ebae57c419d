import type { FormField } from '@park/catalog/forms';
import { Card, Col, Empty, Flex, Row, Segmented, Statistic, Table, Typography, theme } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OptionCount, QuestionStatistics } from './api.ts';
import { ChartBox } from './ChartBox.tsx';
import { textKeysOf } from './filters.ts';
import { TextAnswers } from './TextAnswers.tsx';

/** A share (0..1) as a percentage with one decimal. */
export const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

const CHOICES = ['radio', 'select', 'checkbox', 'rating', 'nps'];
/** Questions whose answers are listed rather than counted. */
const TEXTS = ['input', 'textarea'];

/** Counts as horizontal bars (the first option on top), each labelled with its count and share; or as a pie. */
function choiceOption(options: OptionCount[], kind: 'bar' | 'pie'): EChartsCoreOption {
  if (kind === 'pie') {
    return {
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      series: [
        {
          type: 'pie',
          radius: ['35%', '65%'],
          label: { formatter: '{b}: {c} ({d}%)' },
          data: options.map((o) => ({ name: o.label, value: o.count })),
        },
      ],
    };
  }
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 72, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', inverse: true, data: options.map((o) => o.label) },
    series: [
      {
        type: 'bar',
        barMaxWidth: 24,
        data: options.map((o) => o.count),
        label: {
          show: true,
          position: 'right',
          formatter: ({ dataIndex }: { dataIndex: number }) =>
            `${options[dataIndex].count} (${percent(options[dataIndex].share)})`,
        },
      },
    ],
  };
}

/**
 * One question's statistics: a choice's, rating's or NPS's counts as a chart (bars or a pie, savable as an image)
 * and a table; averages and the NPS; a matrix as a table; a ranking's scores; a text question's answers listed
 * (and a choice's "other" texts); any other kind how many answered it.
 */
export function QuestionCard({
  n,
  question: q,
  field,
  surveyId,
  surveyTitle,
  filter,
}: {
  n: number;
  question: QuestionStatistics;
  /** The question in the form version, when the screen has it: where its free-text answers are. */
  field?: FormField;
  surveyId: string;
  surveyTitle: string;
  /** The screen's cross-filter (the `filter` parameter), '' for none. */
  filter: string;
}) {
  const { t } = useTranslation('questionnaire');
  const { token } = theme.useToken();
  const [kind, setKind] = useState<'bar' | 'pie'>('bar');
  const sep = t('stats.question.separator');
  const name = `${surveyTitle}-${n}-${q.label}`;
  const options = useMemo(() => q.options ?? [], [q.options]);
  const choiceChart = useMemo(() => choiceOption(options, kind), [options, kind]);
  const npsChart = useMemo<EChartsCoreOption>(
    () => ({
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 8, top: 24, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: options.map((o) => o.label) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          type: 'bar',
          barMaxWidth: 28,
          label: { show: true, position: 'top' },
          // Detractors 0-6, passives 7-8, promoters 9-10.
          data: options.map((o) => ({
            value: o.count,
            itemStyle: {
              color:
                Number(o.value) <= 6
                  ? token.colorError
                  : Number(o.value) <= 8
                    ? token.colorWarning
                    : token.colorSuccess,
            },
          })),
        },
      ],
    }),
    [options, token],
  );
  const items = useMemo(() => q.items ?? [], [q.items]);
  const rankingChart = useMemo<EChartsCoreOption>(
    () => ({
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value' },
      yAxis: { type: 'category', inverse: true, data: items.map((i) => i.label) },
      series: [
        {
          type: 'bar',
          barMaxWidth: 24,
          label: { show: true, position: 'right' },
          data: items.map((i) => i.score ?? 0),
        },
      ],
    }),
    [items],
  );

  const counts = options.map((o) => `${o.label} ${o.count}`).join(sep);
  const optionTable = (
    <Table<OptionCount>
      size="small"
      rowKey="value"
      pagination={false}
      dataSource={options}
      columns={[
        { key: 'label', title: t('stats.question.option'), dataIndex: 'label' },
        { key: 'count', title: t('stats.question.count'), dataIndex: 'count', align: 'right', width: 96 },
        {
          key: 'share',
          title: t('stats.question.share'),
          align: 'right',
          width: 96,
          render: (_, o) => percent(o.share),
        },
      ]}
    />
  );

  let body: ReactNode;
  if (q.answered === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('stats.question.noAnswers')} />;
  } else if (q.type === 'nps' && q.nps) {
    body = (
      <>
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Statistic title={t('stats.question.nps')} value={q.nps.score ?? '-'} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title={t('stats.question.promoters')}
              value={q.nps.promoters}
              styles={{ content: { color: token.colorSuccess } }}
            />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title={t('stats.question.passives')}
              value={q.nps.passives}
              styles={{ content: { color: token.colorWarning } }}
            />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title={t('stats.question.detractors')}
              value={q.nps.detractors}
              styles={{ content: { color: token.colorError } }}
            />
          </Col>
        </Row>
        <Typography.Text type="secondary">
          {t('stats.question.averageIs', { average: q.average ?? '-' })}
        </Typography.Text>
        <ChartBox
          chartKey={`${q.name}-nps`}
          fileName={name}
          label={t('stats.question.chartLabel', { question: q.label, counts })}
          option={npsChart}
          height={240}
        />
      </>
    );
  } else if (CHOICES.includes(q.type)) {
    body = (
      <>
        {q.type === 'rating' && <Statistic title={t('stats.question.average')} value={q.average ?? '-'} />}
        <Flex justify="end" className="wf-no-print" style={{ marginBottom: 4 }}>
          <Segmented
            size="small"
            aria-label={t('stats.question.chartType')}
            value={kind}
            onChange={(value) => setKind(value as 'bar' | 'pie')}
            options={[
              { value: 'bar', label: t('stats.question.bar') },
              { value: 'pie', label: t('stats.question.pie') },
            ]}
          />
        </Flex>
        <ChartBox
          chartKey={q.name}
          fileName={name}
          label={t('stats.question.chartLabel', { question: q.label, counts })}
          option={choiceChart}
          height={Math.max(160, options.length * 36 + 24)}
        />
        {optionTable}
      </>
    );
  } else if (q.type === 'number' || q.type === 'money') {
    body = (
      <Row gutter={16}>
        <Col span={12}>
          <Statistic title={t('stats.question.averageValue')} value={q.average ?? '-'} />
        </Col>
        <Col span={12}>
          <Statistic title={t('stats.question.sum')} value={q.sum ?? 0} />
        </Col>
      </Row>
    );
  } else if (q.type === 'matrix') {
    const columns = q.rows?.[0]?.options ?? [];
    body = (
      <Table
        size="small"
        rowKey="value"
        pagination={false}
        scroll={{ x: true }}
        dataSource={q.rows ?? []}
        columns={[
          { key: 'label', title: t('stats.question.row'), dataIndex: 'label' },
          { key: 'answered', title: t('stats.question.rowAnswered'), dataIndex: 'answered', align: 'right' },
          ...columns.map((c, i) => ({
            key: c.value,
            title: c.label,
            align: 'right' as const,
            render: (_: unknown, row: NonNullable<QuestionStatistics['rows']>[number]) => {
              const cell = row.options[i];
              return cell ? `${cell.count} (${percent(cell.share)})` : '-';
            },
          })),
        ]}
      />
    );
  } else if (q.type === 'ranking') {
    body = (
      <>
        <ChartBox
          chartKey={`${q.name}-ranking`}
          fileName={name}
          label={t('stats.question.rankingLabel', {
            question: q.label,
            scores: items.map((i) => `${i.label} ${i.score ?? 0}`).join(sep),
          })}
          option={rankingChart}
          height={Math.max(160, items.length * 36 + 24)}
        />
        <Table
          size="small"
          rowKey="value"
          pagination={false}
          dataSource={items}
          columns={[
            { key: 'label', title: t('stats.question.item'), dataIndex: 'label' },
            {
              key: 'score',
              title: t('stats.question.score'),
              dataIndex: 'score',
              align: 'right',
              render: (v) => v ?? '-',
            },
            {
              key: 'averageRank',
              title: t('stats.question.averageRank'),
              dataIndex: 'averageRank',
              align: 'right',
              render: (v) => v ?? '-',
            },
            { key: 'count', title: t('stats.question.rankCount'), dataIndex: 'count', align: 'right' },
          ]}
        />
        <Typography.Text type="secondary">{t('stats.question.scoreHint')}</Typography.Text>
      </>
    );
  }

  // A text question's answers once it has any; a choice's "other" texts once someone chose it.
  const otherOption = (field?.options ?? []).find((o) => o.other);
  const texts = (field ? textKeysOf(field) : []).filter(({ other }) =>
    other ? (options.find((o) => o.value === otherOption?.value)?.count ?? 0) > 0 : q.answered > 0,
  );
  return (
    <Card
      className="qn-keep"
      size="small"
      title={
        <Typography.Text strong ellipsis={{ tooltip: q.label }}>
          {`${n}. ${q.label}`}
        </Typography.Text>
      }
      extra={
        <Typography.Text type="secondary">
          {t('stats.question.answered', { answered: q.answered, rate: percent(q.rate) })}
        </Typography.Text>
      }
    >
      <Flex vertical gap={12}>
        {body}
        {texts.map(({ key, other }) => (
          <div key={key}>
            {other && (
              <Typography.Title level={5}>
                {t('stats.text.other', { option: otherOption?.label ?? '' })}
              </Typography.Title>
            )}
            <TextAnswers surveyId={surveyId} field={key} filter={filter} />
          </div>
        ))}
        {!body && !TEXTS.includes(q.type) && (
          <Typography.Text type="secondary">{t('stats.question.answeredOnly')}</Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
