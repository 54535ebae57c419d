import { Col, Row } from 'antd';
import { useState } from 'react';
import { PropControls } from '../widgets/PropInput.tsx';
import type { WidgetProps } from '../widgets/renderers.ts';
import { WidgetCard } from '../widgets/WidgetCard.tsx';

/** The analyses with a year to choose (blank: all years for certificates, the latest for production). */
const BY_YEAR = ['analyse-production', 'analyse-certificate'];
/** How the park divides today: its enterprises, staff and intellectual property. */
const DISTRIBUTIONS = ['enterprise-industry', 'enterprise-scale', 'staff-identity', 'ip-type'];

/**
 * /decision/analyse (决策分析): a year's output value by industry and the certificates by type
 * (blade-decision/analyse/analyse-*), beside the park's enterprises by industry and scale, its staff by role and
 * its intellectual property by type (the cockpit's statistics calls).
 */
export default function AnalysePage() {
  const [settings, setSettings] = useState<Record<string, WidgetProps>>({});
  return (
    <Row gutter={[16, 16]}>
      {BY_YEAR.map((widget) => (
        <Col key={widget} xs={24} xl={12}>
          <WidgetCard
            widget={widget}
            props={settings[widget] ?? {}}
            height={360}
            extra={
              <PropControls
                widget={widget}
                value={settings[widget] ?? {}}
                onChange={(value) => setSettings((all) => ({ ...all, [widget]: value }))}
              />
            }
          />
        </Col>
      ))}
      {DISTRIBUTIONS.map((widget) => (
        <Col key={widget} xs={24} lg={12} xxl={6}>
          <WidgetCard widget={widget} props={{}} height={300} />
        </Col>
      ))}
    </Row>
  );
}
