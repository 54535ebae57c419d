import { dept } from '@park/catalog';
import CrudPage from '../../../crud/CrudPage.tsx';
import { deptTreeQuery } from '../shared/treeQueries.ts';
import { treeTable } from '../shared/treeTable.tsx';

const props = treeTable(dept, deptTreeQuery);

/** /system/dept: the departments as a tree table, each placed under a parent picked from the tree. */
export default function DeptPage() {
  return <CrudPage entity={dept} {...props} />;
}
