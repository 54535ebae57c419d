import type { EntityDef } from '@park/catalog';
import { useQuery } from '@tanstack/react-query';
import { Input } from 'antd';
import type { Row } from '../../../api/crud.ts';
import { fetchDictEntries, fetchDictTree } from '../../../api/system.ts';
import CrudPage from '../../../crud/CrudPage.tsx';
import type { FieldInputs } from '../../../crud/RecordModal.tsx';
import { entriesOf } from './dictEntities.ts';
import { ParentSelect } from './IdsTreeSelect.tsx';

interface DictEntriesProps {
  entity: EntityDef;
  /** The dictionary's own row. */
  dict: Row;
  /** The screen's own view button besides the entity's (see DictScreen). */
  viewButton?: string;
}

/** The entries of one dictionary as a tree table; a new entry goes under the dictionary unless another parent is picked. */
export function DictEntries({ entity, dict, viewButton }: DictEntriesProps) {
  const code = String(dict.code);
  const tree = useQuery({
    queryKey: ['crud', entity.key, 'tree', code],
    queryFn: () => fetchDictTree(entity.api, code),
  });
  // The dictionary's own row is the tree's top: picking none means it, so only its entries are offered.
  const entriesTree = tree.data?.flatMap((node) => (node.id === dict.id ? (node.children ?? []) : [node]));
  const inputs: FieldInputs = {
    code: () => <Input disabled />,
    parentId: ({ placeholder }) => <ParentSelect treeData={entriesTree} root={dict.id} placeholder={placeholder} />,
  };
  return (
    <CrudPage
      entity={entriesOf(entity)}
      indexed
      searchName="entries"
      baseFilters={{ parentId: dict.id }}
      load={({ current: _current, size: _size, ...query }) => fetchDictEntries(entity.api, query)}
      defaults={{ code, parentId: dict.id, isSealed: 0 }}
      inputs={inputs}
      viewButton={viewButton}
    />
  );
}
