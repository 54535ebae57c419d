import {
  AlignLeftOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BankOutlined,
  CalendarOutlined,
  CheckCircleOutlined,
  CheckSquareOutlined,
  DashboardOutlined,
  DownSquareOutlined,
  EnvironmentOutlined,
  FieldTimeOutlined,
  FileTextOutlined,
  FontSizeOutlined,
  GroupOutlined,
  LineOutlined,
  MoneyCollectOutlined,
  NumberOutlined,
  OrderedListOutlined,
  StarOutlined,
  SwapOutlined,
  TableOutlined,
  UploadOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { FormFieldType } from '@park/catalog/forms';
import type { ComponentType } from 'react';

const ICONS: Record<FormFieldType, ComponentType<{ 'aria-hidden'?: boolean }>> = {
  input: FontSizeOutlined,
  textarea: AlignLeftOutlined,
  number: NumberOutlined,
  money: MoneyCollectOutlined,
  date: CalendarOutlined,
  dateRange: FieldTimeOutlined,
  select: DownSquareOutlined,
  radio: CheckCircleOutlined,
  checkbox: CheckSquareOutlined,
  switch: SwapOutlined,
  region: EnvironmentOutlined,
  user: UserOutlined,
  dept: ApartmentOutlined,
  enterprise: BankOutlined,
  upload: UploadOutlined,
  richText: FileTextOutlined,
  table: TableOutlined,
  divider: LineOutlined,
  group: GroupOutlined,
  rating: StarOutlined,
  nps: DashboardOutlined,
  matrix: AppstoreOutlined,
  ranking: OrderedListOutlined,
};

/** The icon of a field kind, in the palette and on the canvas (decoration: the kind's name says it). */
export function FieldKindIcon({ type }: { type: FormFieldType }) {
  const Icon = ICONS[type];
  return <Icon aria-hidden />;
}
