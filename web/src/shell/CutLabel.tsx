import { Tooltip } from 'antd';
import { useRef, useState } from 'react';

const ONE_LINE = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/**
 * A sidebar label on one line, cut with an ellipsis where it is too long for the menu; only a cut one
 * shows its whole text in a tooltip on hover (measured then, so a label that fits has none).
 */
export function CutLabel({ text }: { text: string }) {
  const [tip, setTip] = useState(false);
  const label = useRef<HTMLSpanElement>(null);
  const cut = () => (label.current ? label.current.scrollWidth > label.current.clientWidth : false);
  return (
    <Tooltip title={text} placement="right" open={tip} onOpenChange={(open) => setTip(open && cut())}>
      <span ref={label} style={ONE_LINE}>
        {text}
      </span>
    </Tooltip>
  );
}
