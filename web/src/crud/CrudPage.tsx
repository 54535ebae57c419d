import { DeleteOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { EntityDef } from '@park/catalog';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Table, type TableColumnType, type TableProps } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { exportRows, fetchPage, type Page, type PageQuery, type Row, removeRows } from '../api/crud.ts';
import type { Query } from '../api/http.ts';
import { toast } from '../feedback.ts';
import { useLang } from '../i18n/index.ts';
import { saveBlob } from '../utils/download.ts';
import { columnPlan, dataColumns } from './columns.tsx';
import { type DetailPage, withDetailLink } from './detailPage.tsx';
import { buildFilters, linkedSearch, type SearchValues, sortParams } from './filters.ts';
import type { RecordMode, RecordOptions } from './RecordModal.tsx';
import { RowActions } from './RowActions.tsx';
import { rowNumbers } from './rowNumbers.ts';
import { rowPickLabel } from './rowPickLabel.ts';
import { SearchForm } from './SearchForm.tsx';
import { SelectedCount } from './SelectedCount.tsx';
import { keepSelection, pageIds } from './selection.ts';
import { TableToolbar } from './TableToolbar.tsx';
import { fetchTree } from './treeRows.ts';
import { useCrudPermissions } from './useCrudPermissions.ts';
import { useNarrowColumns } from './useNarrowColumns.ts';
import { usePaging } from './usePaging.ts';
import { useSearch } from './useSearch.ts';
import { arrangeColumns, useTableSettings } from './useTableSettings.ts';

// The add, edit and view form (its rules and inputs) loads with its first opening, not with the list.
const RecordModal = lazy(() => import('./RecordModal.tsx').then((module) => ({ default: module.RecordModal })));

const PAGE_SIZES = [10, 30, 50, 100, 200];
const INDEX_WIDTH = 64;
/** What antd's roomiest density adds to each cell's side padding beyond the lists' own (columns.tsx's PADDING). */
const LARGE_PADDING = 16;

/** What the toolbar and row actions a screen adds may act on. */
export interface CrudContext {
  selected: string[];
  reload: () => void;
}

/** What a screen adds to the generic one; every prop is optional and the entity alone gives the generic screen. */
export interface CrudPageProps extends RecordOptions {
  entity: EntityDef;
  /** Filters every load carries besides the search form's (a department picked in a tree, a parent id). */
  baseFilters?: Record<string, string>;
  /** Loads the rows in place of the entity's page; an array is shown whole, as a tree where rows have children. */
  load?: (query: PageQuery) => Promise<Page<Row> | Row[]>;
  /** Columns after the entity's listed fields; one keyed by a field's name overrides that field's column in place. */
  columns?: TableColumnType<Row>[];
  /** How rows with children open (a tree loading its levels as they are opened). */
  expandable?: TableProps<Row>['expandable'];
  /** Buttons after add, delete and export. */
  toolbar?: (context: CrudContext) => ReactNode;
  /** Row buttons after view and edit, before delete. */
  rowActions?: (row: Row, context: CrudContext) => ReactNode;
  /**
   * Whether a row's 删除 is offered: false for a row the server refuses to remove (a paid period, a finished
   * repair), whose 删除 is left out. Every row's by default.
   */
  removable?: (row: Row) => boolean;
  /** The export download in place of the entity's `export`. */
  exportFile?: (filters: Query) => Promise<{ blob: Blob; name?: string }>;
  /** The one button code that shows export, when the screen's export endpoint demands it (`user_export`). */
  exportButton?: string;
  /** A button code that shows view besides `<key>_view`: a screen's own, when it shows another screen's entity. */
  viewButton?: string;
  /** false leaves the view button out (a screen whose spec disables it). */
  viewable?: boolean;
  /** The record's own detail page: 查看 and the name in the list open it instead of the description list. */
  detail?: DetailPage;
  /** false leaves the generic add button out (a screen whose rows come in elsewhere, such as attachments). */
  addable?: boolean;
  /**
   * A screen that creates its rows its own way (an enterprise with its company account): the add
   * button, first in the toolbar as on every list, shows this label and opens the screen's dialog.
   */
  add?: { label: ReactNode; open: (context: CrudContext) => void };
  /** false leaves the edit button out (rows that are only viewed and removed here, such as attachments). */
  editable?: boolean;
  /** The search form's name (its input ids' prefix) when a screen shows two lists. */
  searchName?: string;
  /** Leads the table with an index column (序号): rows numbered through the pages, children among their siblings. */
  indexed?: boolean;
  /** A click on a row (not on its buttons or checkbox) picks it, as a master list picks what a detail shows. */
  onRowClick?: (row: Row) => void;
  /** The picked row, marked in the list. */
  pickedId?: string;
}

/** The generic list screen of a catalog entity: search, paged and sorted table, add/edit/view/delete, export. */
export default function CrudPage({
  entity,
  baseFilters,
  load,
  columns: moreColumns = [],
  toolbar,
  rowActions,
  removable,
  exportFile,
  exportButton,
  viewButton,
  expandable,
  viewable = true,
  detail,
  addable = true,
  add,
  editable = true,
  searchName,
  indexed = false,
  onRowClick,
  pickedId,
  ...recordOptions
}: CrudPageProps) {
  const { t } = useTranslation(['crud', 'common']);
  const lang = useLang();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const can = useCrudPermissions(entity.key, { exportButton, viewButton });
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const { paging, setPaging, toFirstPage, pagination } = usePaging(PAGE_SIZES);
  const [sort, setSort] = useState<{ ascs?: string; descs?: string }>({});
  // A link may open the list already searched (its query's search fields): the form shows it, the first load asks it.
  const [params] = useSearchParams();
  const [linked] = useState(() => linkedSearch(entity, params));
  const { filters, searches, search: searchFor } = useSearch<Record<string, string>>(buildFilters(entity, linked));
  const [selected, setSelected] = useState<string[]>([]);
  const [record, setRecord] = useState<RecordMode | null>(null);
  const [exporting, setExporting] = useState(false);
  const tableBox = useRef<HTMLDivElement>(null);
  // Column order and visibility, density and the folded search, per user and list (two lists of a screen apart).
  const { settings, update } = useTableSettings(searchName ? `${entity.key}.${searchName}` : entity.key);

  const query = { ...paging, ...sort, ...filters, ...baseFilters };
  const result = useQuery({
    queryKey: ['crud', entity.key, 'page', query, searches],
    // A tree entity (industries, jobs) is shown whole, nested, as BladeX's tree lists are.
    queryFn: () => (load ? load(query) : entity.tree ? fetchTree(entity.api, query) : fetchPage(entity, query)),
    placeholderData: keepPreviousData,
  });
  const whole = Array.isArray(result.data);
  const data = Array.isArray(result.data) ? wholePage(result.data) : result.data;

  // Deleting the last rows of the last page leaves it empty: show the page that now is last.
  const pages = data?.pages ?? 0;
  const emptyPage = data !== undefined && data.records.length === 0;
  useEffect(() => {
    if (emptyPage && paging.current > 1) setPaging((p) => ({ ...p, current: Math.max(pages, 1) }));
  }, [emptyPage, pages, paging.current, setPaging]);

  const reload = () => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: ['crud', entity.key] });
  };

  const search = (values: SearchValues) => {
    searchFor(buildFilters(entity, values));
    toFirstPage();
    setSelected([]);
  };

  const remove = (ids: string[]) => {
    if (ids.length === 0) {
      toast.warning(t('selectAtLeastOne'));
      return;
    }
    modal.confirm({
      title: t('confirmTitle'),
      content: t('confirmDelete'),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        try {
          await removeRows(entity, ids);
          toast.success(t('deleted'));
          reload();
        } catch {
          // Already shown; close the dialog all the same.
        }
      },
    });
  };

  const exportAll = async () => {
    setExporting(true);
    try {
      const download = exportFile ?? ((rows: Query) => exportRows(entity, rows));
      // Rows picked (on any page) are what the export writes (a screen's own export too); without a pick, all the filters find.
      const picked = selected.length ? { ids: selected.join(',') } : {};
      const file = await download({ ...filters, ...baseFilters, ...picked });
      saveBlob(file.blob, file.name ?? `${entity.label[lang]}.xlsx`);
    } catch {
      // Already shown.
    } finally {
      setExporting(false);
    }
  };

  // The page moves through the pagination's own change; the table's change brings the sort.
  const onTableChange: TableProps<Row>['onChange'] = (_pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    setSort(sortParams(single?.field as string | undefined, single?.order));
  };

  const context: CrudContext = { selected, reload };
  const ownColumns = withDetailLink(
    withColumns(dataColumns(entity, lang), moreColumns),
    can.view && viewable ? detail : undefined,
  );
  // Columns the screen has no room for are hidden (the least needed first) rather than scrolled to; the column
  // settings show them again.
  const narrow = useNarrowColumns(tableBox, columnPlan(entity, lang, arrangeColumns(ownColumns, settings)), {
    reserved: indexed ? INDEX_WIDTH : 0,
    extra: settings.density === 'large' ? LARGE_PADDING : 0,
  });
  const columns = arrangeColumns(ownColumns, settings, narrow);
  if (indexed) {
    const numbers = rowNumbers(data?.records ?? [], whole ? 0 : (paging.current - 1) * paging.size);
    columns.unshift({
      key: 'index',
      title: t('index'),
      width: INDEX_WIDTH,
      align: 'center',
      render: (_, row) => numbers.get(row.id),
    });
  }
  if (can.view || (can.edit && editable) || can.remove || rowActions) {
    columns.push({
      key: 'actions',
      title: t('actions'),
      fixed: 'right',
      // As wide as the row's buttons: at most three side by side (RowActions), so the data columns keep the room.
      width: 1,
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (_, row) => (
        <RowActions
          onView={
            can.view && viewable
              ? () => (detail ? navigate(detail.path(row)) : setRecord({ mode: 'view', id: row.id }))
              : undefined
          }
          onEdit={
            can.edit && editable
              ? () =>
                  // A rich-text entity edits on its own page (RecordPage), not in the dialog.
                  entity.editPages
                    ? navigate(`${entity.route}/edit/${encodeURIComponent(row.id)}`, { state: { from: pathname } })
                    : setRecord({ mode: 'edit', id: row.id })
              : undefined
          }
          onDelete={can.remove && (removable?.(row) ?? true) ? () => remove([row.id]) : undefined}
        >
          {rowActions?.(row, context)}
        </RowActions>
      ),
    });
  }

  return (
    <Card>
      <SearchForm
        entity={entity}
        onSearch={search}
        name={searchName}
        initialValues={linked}
        collapse={{ collapsed: settings.collapsed, onChange: (collapsed) => update({ collapsed }) }}
      />
      <Flex role="toolbar" wrap gap={8} align="center" style={{ marginBottom: 12 }}>
        {can.add && addable && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() =>
              add
                ? add.open(context)
                : entity.editPages
                  ? navigate(`${entity.route}/add`, { state: { from: pathname } })
                  : setRecord({ mode: 'add' })
            }
          >
            {add?.label ?? t('add')}
          </Button>
        )}
        {can.remove && (
          <Button danger icon={<DeleteOutlined />} onClick={() => remove(selected)}>
            {t('delete')}
          </Button>
        )}
        {can.export && (
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportAll}>
            {t('export')}
          </Button>
        )}
        {toolbar?.(context)}
        <SelectedCount count={selected.length} onClear={() => setSelected([])} />
        <TableToolbar
          onRefresh={() => void queryClient.invalidateQueries({ queryKey: ['crud', entity.key] })}
          refreshing={result.isFetching}
          settings={settings}
          update={update}
          columns={ownColumns.map((column) => ({ key: String(column.key), title: column.title as ReactNode }))}
          narrow={narrow}
        />
      </Flex>
      <div ref={tableBox}>
        <Table<Row>
          rowKey="id"
          bordered
          size={settings.density}
          columns={columns}
          dataSource={data?.records}
          loading={result.isFetching}
          // Each column as wide as its values (columns.tsx), those that do not fit hidden (useNarrowColumns); the list
          // scrolls sideways within its card only when the user shows more, under neither the selection nor the
          // actions, which stay in place.
          tableLayout="auto"
          scroll={{ x: 'max-content' }}
          expandable={expandable}
          rowSelection={{
            fixed: true,
            selectedRowKeys: selected,
            // The table reports this page's picks: the other pages' stay picked.
            onChange: (keys) =>
              setSelected((before) => keepSelection(before, pageIds(data?.records ?? []), keys.map(String))),
            columnTitle: (checkbox) => <SelectAllTitle>{checkbox}</SelectAllTitle>,
            // antd names its select-all box in English whatever the language.
            getTitleCheckboxProps: () => ({ 'aria-label': t('crud:selectAll') }),
            getCheckboxProps: (row) => ({ 'aria-label': rowPickLabel(columns, row) }),
          }}
          pagination={!whole && pagination(data?.total ?? 0)}
          onChange={onTableChange}
          rowClassName={(row) => (row.id === pickedId ? 'ant-table-row-selected' : '')}
          onRow={
            onRowClick &&
            ((row) => ({
              style: { cursor: 'pointer' },
              onClick: (event) => {
                // The row's own controls (its buttons, 更多's list, the checkbox) act for themselves.
                if (!(event.target as HTMLElement).closest('button, a, input, label, .ant-checkbox-wrapper')) {
                  onRowClick(row);
                }
              },
            }))
          }
        />
      </div>
      {record && (
        <Suspense fallback={null}>
          <RecordModal
            {...recordOptions}
            columns={moreColumns}
            entity={entity}
            record={record}
            onClose={() => setRecord(null)}
            onSaved={() => {
              setRecord(null);
              reload();
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}

/**
 * The select-all checkbox of the header. Ant Design draws every column's title a second time in the
 * table's hidden measure row (aria-hidden, to size the columns), so the checkbox would sit focusable in
 * hidden content (axe: aria-hidden-focus): the copy there makes its row inert, out of reach of Tab.
 */
function SelectAllTitle({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    ref.current?.closest('tr[aria-hidden="true"]')?.setAttribute('inert', '');
  }, []);
  return <span ref={ref}>{children}</span>;
}

/** The field columns, each overridden by the screen's column of its key, then the screen's other columns. */
function withColumns(fields: TableColumnType<Row>[], own: TableColumnType<Row>[]): TableColumnType<Row>[] {
  const keys = new Set(fields.map((column) => column.key));
  const byKey = new Map(own.map((column) => [column.key, column]));
  return [
    ...fields.map((column) => ({ ...column, ...byKey.get(column.key) })),
    ...own.filter((column) => !keys.has(column.key)),
  ];
}

/** A whole list as a page of its own, so the empty-page check and the totals read it alike. */
function wholePage(records: Row[]): Page<Row> {
  return { records, total: records.length, size: records.length, current: 1, pages: 1 };
}
