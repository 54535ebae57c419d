import { CalendarOutlined, SwapRightOutlined } from '@ant-design/icons';
import { type GetRef, theme } from 'antd';
import type DatePicker from 'antd/es/date-picker';
import type { RangePickerProps } from 'antd/es/date-picker';
import { type CSSProperties, Fragment, lazy, Suspense, useCallback, useRef, useState } from 'react';

// Antd's date picker (some 29 kB compressed) loads when someone first reaches for the range, not with every list
// whose search form shows one.
const RangePicker = lazy(() => import('antd/es/date-picker').then((m) => ({ default: m.default.RangePicker })));

type Props = Omit<RangePickerProps, 'placeholder' | 'format'> & {
  id?: string;
  placeholder: [string, string];
  format: string;
};

/**
 * The search form's time range: until it is focused or clicked, a stand-in of the same size and look whose two
 * read-only inputs carry the picker's id and placeholders; then antd's RangePicker, focused on the end that was
 * reached (a range already set draws the picker at once). Value, onChange and id come from the Form.Item.
 */
export function TimeRangeInput(props: Props) {
  const [drawn, setDrawn] = useState(Boolean(props.value));
  // How the stand-in was reached: the end to focus once the picker first draws, and whether it was a pointer, which
  // opens the panel as a click on the picker does (a keyboard's focus does not). A range drawn for a value it
  // already had takes no focus; the ref's callback is stable, so a later render does not focus it again.
  const reached = useRef<{ end: 0 | 1; pointer: boolean; focused?: boolean } | undefined>(undefined);
  const focusReached = useCallback((picker: GetRef<typeof DatePicker.RangePicker> | null) => {
    if (!picker || !reached.current || reached.current.focused) return;
    reached.current.focused = true;
    // antd types the ref as a single picker's; the range picker's own takes the end to focus (rc-picker RangePickerRef).
    picker.focus({ index: reached.current.end } as FocusOptions);
  }, []);
  const reach = (end: 0 | 1, pointer: boolean) => {
    // A press focuses the input too: the press came first and says how.
    if (reached.current) return;
    reached.current = { end, pointer };
    setDrawn(true);
  };
  const standIn = <RangeStandIn id={props.id} placeholder={props.placeholder} format={props.format} onReach={reach} />;
  if (!drawn) return standIn;
  return (
    <Suspense fallback={standIn}>
      <RangePicker {...props} ref={focusReached} defaultOpen={reached.current?.pointer} />
    </Suspense>
  );
}

function RangeStandIn({
  id,
  placeholder,
  format,
  onReach,
}: {
  id?: string;
  format: string;
  placeholder: [string, string];
  onReach: (end: 0 | 1, pointer: boolean) => void;
}) {
  const { token } = theme.useToken();
  const input: CSSProperties = {
    minWidth: 0,
    border: 0,
    outline: 'none',
    padding: 0,
    background: 'transparent',
    font: 'inherit',
    color: token.colorText,
  };
  const icon: CSSProperties = { color: token.colorTextQuaternary, fontSize: token.fontSize };
  return (
    <div
      data-stand-in="range"
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 8,
        maxWidth: '100%',
        height: token.controlHeight,
        padding: `0 ${token.paddingSM - 1}px`,
        border: `${token.lineWidth}px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
        fontSize: token.fontSize,
        cursor: 'pointer',
      }}
    >
      {([0, 1] as const).map((end) => (
        <Fragment key={end}>
          {end === 1 && <SwapRightOutlined style={icon} />}
          <input
            id={end === 0 ? id : undefined}
            readOnly
            // The picker's own input size (its format's length and two): the form does not move when it loads.
            size={format.length + 2}
            placeholder={placeholder[end]}
            style={input}
            onFocus={() => onReach(end, false)}
            onPointerDown={() => onReach(end, true)}
          />
        </Fragment>
      ))}
      <CalendarOutlined style={icon} />
    </div>
  );
}
