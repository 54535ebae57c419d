import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { type FormField, type FormOption, rankCount, starsOf } from '@park/catalog/forms';
import { Button, Checkbox, Flex, Grid, Radio, Rate, Typography, theme } from 'antd';
import { cloneElement, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A questionnaire's inputs (schema.ts: rating, nps, matrix, ranking), each the direct child of its Form.Item, which
 * gives it value, onChange and id; each works with the keyboard and on a phone-sized screen.
 */

interface InputProps<T> {
  field: FormField;
  id?: string;
  value?: T | null;
  onChange?: (value: T | undefined) => void;
  disabled?: boolean;
  'aria-label'?: string;
}

/** Stars 1..max: antd's Rate, each star a radio named by its count (arrow keys move, a click on the same clears). */
export function RatingInput({ field, id, value, onChange, disabled, ...aria }: InputProps<number>) {
  const { t } = useTranslation('forms');
  return (
    <Rate
      id={id}
      count={starsOf(field)}
      value={typeof value === 'number' ? value : 0}
      // A cleared rating (0) is no answer.
      onChange={(stars) => onChange?.(stars || undefined)}
      disabled={disabled}
      // Rate passes these to its list (not in its props' type): the stars are a group of radios.
      {...{ role: 'radiogroup' }}
      aria-label={aria['aria-label'] ?? field.label}
      characterRender={(star, { index = 0 }) => {
        // Each star (a radio) named by its count, not by its icon; its list item is no list item of the radio group.
        const li = star as ReactElement<{ role?: string; children: ReactElement<Record<string, unknown>> }>;
        return cloneElement(
          li,
          { role: 'presentation' },
          cloneElement(li.props.children, { 'aria-label': t('rating.star', { n: index + 1 }) }),
        );
      }}
    />
  );
}

const NPS_SCALE = Array.from({ length: 11 }, (_, n) => n);

/** The NPS scale: 0 to 10 as one row of buttons (radios: the arrow keys move), its two ends named under it. */
export function NpsInput({ field, id, value, onChange, disabled, ...aria }: InputProps<number>) {
  const { t } = useTranslation('forms');
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={4} style={{ width: '100%', maxWidth: 560 }}>
      <Radio.Group
        id={id}
        value={typeof value === 'number' ? value : undefined}
        onChange={(event) => onChange?.(event.target.value as number)}
        disabled={disabled}
        optionType="button"
        buttonStyle="solid"
        aria-label={aria['aria-label'] ?? field.label}
        style={{ display: 'flex', width: '100%' }}
      >
        {NPS_SCALE.map((n) => (
          <Radio.Button key={n} value={n} style={{ flex: 1, minWidth: 0, paddingInline: 0, textAlign: 'center' }}>
            {n}
          </Radio.Button>
        ))}
      </Radio.Group>
      <Flex justify="space-between" style={{ fontSize: token.fontSizeSM, color: token.colorTextSecondary }}>
        <span>{t('nps.low')}</span>
        <span>{t('nps.high')}</span>
      </Flex>
    </Flex>
  );
}

type MatrixValue = Record<string, string | string[]>;

const optionsOf = (field: FormField): FormOption[] => field.options ?? [];
const rowsOf = (field: FormField): FormOption[] => field.rows ?? [];

/**
 * A matrix: a row per line, a column per choice — one per row (radios named per row, so the arrow keys move within
 * a row), or several with `multiple`. A wide screen draws the grid (scrolling sideways when its columns are many); a
 * phone stacks the rows, each with its choices listed under it. Every choice is named "row: column" either way.
 */
export function MatrixInput({ field, id, value, onChange, disabled, ...aria }: InputProps<MatrixValue>) {
  const { t } = useTranslation('forms');
  const { token } = theme.useToken();
  const wide = Boolean(Grid.useBreakpoint().md);
  const cells: MatrixValue = value && typeof value === 'object' ? value : {};
  const multiple = field.multiple === true;
  const rows = rowsOf(field);
  const columns = optionsOf(field);
  const group = `${id ?? field.name}`;

  const isPicked = (row: string, column: string) => {
    const cell = cells[row];
    return Array.isArray(cell) ? cell.includes(column) : cell === column;
  };
  const pick = (row: string, column: string, on: boolean) => {
    const next: MatrixValue = { ...cells };
    if (multiple) {
      const had = Array.isArray(next[row]) ? (next[row] as string[]) : [];
      // Kept in the columns' order, whatever order they were ticked in.
      const picked = columns.map((c) => c.value).filter((c) => (c === column ? on : had.includes(c)));
      if (picked.length) next[row] = picked;
      else delete next[row];
    } else {
      next[row] = column;
    }
    onChange?.(Object.keys(next).length ? next : undefined);
  };
  const choice = (row: FormOption, column: FormOption, label?: string) => {
    const props = {
      checked: isPicked(row.value, column.value),
      disabled,
      'aria-label': t('matrix.cell', { row: row.label, column: column.label }),
    };
    return multiple ? (
      <Checkbox {...props} onChange={(event) => pick(row.value, column.value, event.target.checked)}>
        {label}
      </Checkbox>
    ) : (
      <Radio {...props} name={`${group}-${row.value}`} onChange={() => pick(row.value, column.value, true)}>
        {label}
      </Radio>
    );
  };

  if (!wide) {
    return (
      <Flex
        id={id}
        vertical
        gap={8}
        role="group"
        aria-label={aria['aria-label'] ?? field.label}
        style={{ width: '100%' }}
      >
        {rows.map((row) => (
          // A row is a group of its choices, named by its legend.
          <fieldset
            key={row.value}
            style={{
              margin: 0,
              minWidth: 0,
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadius,
              padding: `${token.paddingXS}px ${token.paddingSM}px`,
            }}
          >
            <legend style={{ float: 'left', width: '100%', margin: 0, padding: 0, border: 0, fontSize: 'inherit' }}>
              <Typography.Text strong>{row.label}</Typography.Text>
            </legend>
            <Flex vertical gap={4} style={{ clear: 'both', paddingTop: 4 }}>
              {columns.map((column) => (
                <span key={column.value}>{choice(row, column, column.label)}</span>
              ))}
            </Flex>
          </fieldset>
        ))}
      </Flex>
    );
  }
  const cell = { padding: `${token.paddingXS}px ${token.paddingSM}px`, borderBottom: `1px solid ${token.colorSplit}` };
  return (
    <div id={id} style={{ width: '100%', overflowX: 'auto' }}>
      <table
        aria-label={aria['aria-label'] ?? field.label}
        style={{ borderCollapse: 'collapse', minWidth: '100%', whiteSpace: 'nowrap' }}
      >
        <thead>
          <tr>
            <td style={cell} />
            {columns.map((column) => (
              <th key={column.value} scope="col" style={{ ...cell, fontWeight: 'normal', textAlign: 'center' }}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.value}>
              <th scope="row" style={{ ...cell, fontWeight: 'normal', textAlign: 'start', whiteSpace: 'normal' }}>
                {row.label}
              </th>
              {columns.map((column) => (
                <td key={column.value} style={{ ...cell, textAlign: 'center' }}>
                  {choice(row, column)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A ranking: the options are put in order one by one (a click, a tap, Enter or Space on an option ranks it next),
 * then moved up or down or taken out with their buttons. All of them are ranked, or the first `max` chosen.
 */
export function RankingInput({ field, id, value, onChange, disabled, ...aria }: InputProps<string[]>) {
  const { t } = useTranslation('forms');
  const { token } = theme.useToken();
  const options = optionsOf(field);
  const labelOf = (v: string) => options.find((option) => option.value === v)?.label ?? v;
  const ranked = (Array.isArray(value) ? value : []).filter((v) => options.some((option) => option.value === v));
  const count = rankCount(field);
  const left = options.filter((option) => !ranked.includes(option.value));
  const full = ranked.length >= count;
  const set = (next: string[]) => onChange?.(next.length ? next : undefined);
  const move = (from: number, to: number) => {
    const next = [...ranked];
    next.splice(to, 0, ...next.splice(from, 1));
    set(next);
  };
  return (
    <Flex
      id={id}
      vertical
      gap={8}
      role="group"
      aria-label={aria['aria-label'] ?? field.label}
      style={{ width: '100%' }}
    >
      <Typography.Text type="secondary">
        {count < options.length ? t('ranking.hintTop', { count }) : t('ranking.hintAll', { count })}
      </Typography.Text>
      {ranked.length > 0 && (
        <ol aria-label={t('ranking.ranked')} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          {ranked.map((v, i) => {
            const label = labelOf(v);
            return (
              <li
                key={v}
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 4,
                  padding: `2px ${token.paddingXS}px`,
                  marginBottom: 4,
                  border: `1px solid ${token.colorBorderSecondary}`,
                  borderRadius: token.borderRadius,
                  background: token.colorFillQuaternary,
                }}
              >
                <span
                  aria-hidden
                  style={{ minWidth: 24, color: token.colorPrimary, fontWeight: token.fontWeightStrong }}
                >
                  {i + 1}
                </span>
                <span style={{ flex: 1, minWidth: 0, wordBreak: 'break-word' }}>{label}</span>
                {!disabled && (
                  <>
                    <Button
                      type="text"
                      size="small"
                      icon={<ArrowUpOutlined />}
                      disabled={i === 0}
                      aria-label={t('ranking.up', { label })}
                      onClick={() => move(i, i - 1)}
                    />
                    <Button
                      type="text"
                      size="small"
                      icon={<ArrowDownOutlined />}
                      disabled={i === ranked.length - 1}
                      aria-label={t('ranking.down', { label })}
                      onClick={() => move(i, i + 1)}
                    />
                    <Button
                      type="text"
                      size="small"
                      icon={<CloseOutlined />}
                      aria-label={t('ranking.remove', { label })}
                      onClick={() => set(ranked.filter((r) => r !== v))}
                    />
                  </>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {!disabled && left.length > 0 && !full && (
        <Flex wrap gap={6}>
          {left.map((option) => (
            <Button
              key={option.value}
              icon={<PlusOutlined />}
              aria-label={t('ranking.add', { label: option.label, n: ranked.length + 1 })}
              onClick={() => set([...ranked, option.value])}
              style={{ maxWidth: '100%', whiteSpace: 'normal', height: 'auto', textAlign: 'start' }}
            >
              {option.label}
            </Button>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
