import { PlusOutlined } from '@ant-design/icons';
import { menu } from '@park/catalog';
import { useQueryClient } from '@tanstack/react-query';
import { Button, type TableProps } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageQuery, Row } from '../../../api/crud.ts';
import { fetchAll, fetchMenuLevel } from '../../../api/system.ts';
import CrudPage from '../../../crud/CrudPage.tsx';
import { RecordModal } from '../../../crud/RecordModal.tsx';
import { useCrudPermissions } from '../../../crud/useCrudPermissions.ts';
import { lazyTree, unloaded } from './lazyTree.ts';
import { MENU_DEFAULTS, menuColumns, menuInputs } from './menuFields.tsx';

/**
 * /system/menu: menus and buttons as a tree table loading each level when its row is opened
 * (a search shows the matches under their ancestors at once), with a child added from its parent's row.
 */
export default function MenuPage() {
  const { t } = useTranslation('system');
  const queryClient = useQueryClient();
  const can = useCrudPermissions(menu.key);
  const open = useRef(new Set<string>());
  const [addingUnder, setAddingUnder] = useState<{ parentId: string; reload: () => void } | null>(null);

  // Levels are kept until a save or delete invalidates the entity's queries, so opening a row loads one level.
  const fetchLevel = (parentId: string) =>
    queryClient.fetchQuery({
      queryKey: ['crud', menu.key, 'level', parentId],
      queryFn: () => fetchMenuLevel(parentId),
      staleTime: Number.POSITIVE_INFINITY,
    });

  const load = ({ current: _current, size: _size, ascs: _ascs, descs: _descs, ...filters }: PageQuery) =>
    Object.keys(filters).length > 0 ? fetchAll(menu.api, filters) : lazyTree(fetchLevel, open.current);

  const expandable: TableProps<Row>['expandable'] = {
    onExpand: (expanded, row) => {
      if (!expanded) {
        open.current.delete(row.id);
        return;
      }
      open.current.add(row.id);
      // CrudPage's list query: loading it again brings the opened level in.
      if (unloaded(row)) void queryClient.invalidateQueries({ queryKey: ['crud', menu.key, 'page'] });
    },
  };

  return (
    <>
      <CrudPage
        entity={menu}
        load={load}
        expandable={expandable}
        columns={menuColumns}
        inputs={menuInputs}
        defaults={MENU_DEFAULTS}
        rowActions={(row, { reload }) =>
          can.add &&
          Number(row.category) === 1 && (
            <Button
              type="link"
              size="small"
              icon={<PlusOutlined />}
              onClick={() => setAddingUnder({ parentId: row.id, reload })}
            >
              {t('menu.addChild')}
            </Button>
          )
        }
      />
      {addingUnder && (
        <RecordModal
          entity={menu}
          record={{ mode: 'add' }}
          inputs={menuInputs}
          defaults={{ ...MENU_DEFAULTS, parentId: addingUnder.parentId }}
          onClose={() => setAddingUnder(null)}
          onSaved={() => {
            setAddingUnder(null);
            addingUnder.reload();
          }}
        />
      )}
    </>
  );
}
