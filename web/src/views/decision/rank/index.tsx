import { DEFAULT_RANK_CATEGORY, DEFAULT_RANK_LIMIT } from '@park/catalog';
import { Col, Row } from 'antd';
import { useState } from 'react';
import { PropControls } from '../widgets/PropInput.tsx';
import type { WidgetProps } from '../widgets/renderers.ts';
import { WidgetCard } from '../widgets/WidgetCard.tsx';

/** The ranks of 排行榜, each with the settings it starts with (spec part 9: 10 rows, by revenue, the latest year). */
const RANKS: [widget: string, start: WidgetProps][] = [
  ['rank-enterprise', { category: DEFAULT_RANK_CATEGORY, limit: DEFAULT_RANK_LIMIT }],
  ['rank-production', { limit: DEFAULT_RANK_LIMIT }],
  ['rank-staff', { limit: DEFAULT_RANK_LIMIT }],
  ['rank-ip', { limit: DEFAULT_RANK_LIMIT }],
  ['rank-certificate', { limit: DEFAULT_RANK_LIMIT }],
];

/** Room for each bar of a rank: the chart grows with the rows asked for. */
const rankHeight = (limit: unknown) => Math.max(320, 64 + (Number(limit) || DEFAULT_RANK_LIMIT) * 26);

/**
 * /decision/rank (排行榜): the park's enterprises ranked by their economic rows, staff, intellectual property,
 * certificates and output value (blade-decision/cockpit/rank-enterprise and analyse/rank-*), each card with its
 * year, number of rows and, for the economic rank, what it ranks by.
 */
export default function RankPage() {
  const [settings, setSettings] = useState(() => Object.fromEntries(RANKS));
  return (
    <Row gutter={[16, 16]}>
      {RANKS.map(([widget]) => (
        <Col key={widget} xs={24} xxl={12}>
          <WidgetCard
            widget={widget}
            props={settings[widget]}
            height={rankHeight(settings[widget].limit)}
            extra={
              <PropControls
                widget={widget}
                value={settings[widget]}
                onChange={(value) => setSettings((all) => ({ ...all, [widget]: value }))}
              />
            }
          />
        </Col>
      ))}
    </Row>
  );
}
