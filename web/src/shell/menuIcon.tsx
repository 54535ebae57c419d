import type { AntdIconProps } from '@ant-design/icons/es/components/AntdIcon';
import { type ComponentType, lazy, Suspense } from 'react';

type IconLoader = () => Promise<{ default: ComponentType<AntdIconProps> }>;

/**
 * Antd icons a menu may name (`SettingOutlined`, or `setting` as the seed menus do): the ones the seed
 * uses and those the BladeX names map to. Importing the whole set would add megabytes to the bundle, and
 * even these 115 in one chunk were some 21 kB compressed on every signed-in page: each loads when first drawn.
 */
const ANTD_ICONS: Record<string, IconLoader> = {
  AccountBookOutlined: () => import('@ant-design/icons/es/icons/AccountBookOutlined'),
  AlertOutlined: () => import('@ant-design/icons/es/icons/AlertOutlined'),
  ApartmentOutlined: () => import('@ant-design/icons/es/icons/ApartmentOutlined'),
  ApiOutlined: () => import('@ant-design/icons/es/icons/ApiOutlined'),
  AppstoreOutlined: () => import('@ant-design/icons/es/icons/AppstoreOutlined'),
  AuditOutlined: () => import('@ant-design/icons/es/icons/AuditOutlined'),
  BankOutlined: () => import('@ant-design/icons/es/icons/BankOutlined'),
  BarChartOutlined: () => import('@ant-design/icons/es/icons/BarChartOutlined'),
  BlockOutlined: () => import('@ant-design/icons/es/icons/BlockOutlined'),
  BookOutlined: () => import('@ant-design/icons/es/icons/BookOutlined'),
  BranchesOutlined: () => import('@ant-design/icons/es/icons/BranchesOutlined'),
  BugOutlined: () => import('@ant-design/icons/es/icons/BugOutlined'),
  BuildOutlined: () => import('@ant-design/icons/es/icons/BuildOutlined'),
  BulbOutlined: () => import('@ant-design/icons/es/icons/BulbOutlined'),
  CarryOutOutlined: () => import('@ant-design/icons/es/icons/CarryOutOutlined'),
  CheckCircleOutlined: () => import('@ant-design/icons/es/icons/CheckCircleOutlined'),
  CheckSquareOutlined: () => import('@ant-design/icons/es/icons/CheckSquareOutlined'),
  CloudOutlined: () => import('@ant-design/icons/es/icons/CloudOutlined'),
  CloudUploadOutlined: () => import('@ant-design/icons/es/icons/CloudUploadOutlined'),
  ClusterOutlined: () => import('@ant-design/icons/es/icons/ClusterOutlined'),
  CodeOutlined: () => import('@ant-design/icons/es/icons/CodeOutlined'),
  CoffeeOutlined: () => import('@ant-design/icons/es/icons/CoffeeOutlined'),
  ColumnHeightOutlined: () => import('@ant-design/icons/es/icons/ColumnHeightOutlined'),
  ColumnWidthOutlined: () => import('@ant-design/icons/es/icons/ColumnWidthOutlined'),
  CommentOutlined: () => import('@ant-design/icons/es/icons/CommentOutlined'),
  CompassOutlined: () => import('@ant-design/icons/es/icons/CompassOutlined'),
  ContactsOutlined: () => import('@ant-design/icons/es/icons/ContactsOutlined'),
  ContainerOutlined: () => import('@ant-design/icons/es/icons/ContainerOutlined'),
  ControlOutlined: () => import('@ant-design/icons/es/icons/ControlOutlined'),
  CopyOutlined: () => import('@ant-design/icons/es/icons/CopyOutlined'),
  CrownOutlined: () => import('@ant-design/icons/es/icons/CrownOutlined'),
  DashboardOutlined: () => import('@ant-design/icons/es/icons/DashboardOutlined'),
  DatabaseOutlined: () => import('@ant-design/icons/es/icons/DatabaseOutlined'),
  DeleteOutlined: () => import('@ant-design/icons/es/icons/DeleteOutlined'),
  DeploymentUnitOutlined: () => import('@ant-design/icons/es/icons/DeploymentUnitOutlined'),
  DesktopOutlined: () => import('@ant-design/icons/es/icons/DesktopOutlined'),
  EditOutlined: () => import('@ant-design/icons/es/icons/EditOutlined'),
  EnvironmentOutlined: () => import('@ant-design/icons/es/icons/EnvironmentOutlined'),
  ExperimentOutlined: () => import('@ant-design/icons/es/icons/ExperimentOutlined'),
  FieldTimeOutlined: () => import('@ant-design/icons/es/icons/FieldTimeOutlined'),
  FileDoneOutlined: () => import('@ant-design/icons/es/icons/FileDoneOutlined'),
  FileExcelOutlined: () => import('@ant-design/icons/es/icons/FileExcelOutlined'),
  FileProtectOutlined: () => import('@ant-design/icons/es/icons/FileProtectOutlined'),
  FileSearchOutlined: () => import('@ant-design/icons/es/icons/FileSearchOutlined'),
  FileSyncOutlined: () => import('@ant-design/icons/es/icons/FileSyncOutlined'),
  FileTextOutlined: () => import('@ant-design/icons/es/icons/FileTextOutlined'),
  FireOutlined: () => import('@ant-design/icons/es/icons/FireOutlined'),
  FlagOutlined: () => import('@ant-design/icons/es/icons/FlagOutlined'),
  FolderOpenOutlined: () => import('@ant-design/icons/es/icons/FolderOpenOutlined'),
  FormOutlined: () => import('@ant-design/icons/es/icons/FormOutlined'),
  FunctionOutlined: () => import('@ant-design/icons/es/icons/FunctionOutlined'),
  FundOutlined: () => import('@ant-design/icons/es/icons/FundOutlined'),
  GiftOutlined: () => import('@ant-design/icons/es/icons/GiftOutlined'),
  GlobalOutlined: () => import('@ant-design/icons/es/icons/GlobalOutlined'),
  GoldOutlined: () => import('@ant-design/icons/es/icons/GoldOutlined'),
  HistoryOutlined: () => import('@ant-design/icons/es/icons/HistoryOutlined'),
  HomeOutlined: () => import('@ant-design/icons/es/icons/HomeOutlined'),
  IdcardOutlined: () => import('@ant-design/icons/es/icons/IdcardOutlined'),
  InboxOutlined: () => import('@ant-design/icons/es/icons/InboxOutlined'),
  InfoCircleOutlined: () => import('@ant-design/icons/es/icons/InfoCircleOutlined'),
  KeyOutlined: () => import('@ant-design/icons/es/icons/KeyOutlined'),
  LayoutOutlined: () => import('@ant-design/icons/es/icons/LayoutOutlined'),
  LineChartOutlined: () => import('@ant-design/icons/es/icons/LineChartOutlined'),
  LockOutlined: () => import('@ant-design/icons/es/icons/LockOutlined'),
  MailOutlined: () => import('@ant-design/icons/es/icons/MailOutlined'),
  MenuOutlined: () => import('@ant-design/icons/es/icons/MenuOutlined'),
  MessageOutlined: () => import('@ant-design/icons/es/icons/MessageOutlined'),
  MobileOutlined: () => import('@ant-design/icons/es/icons/MobileOutlined'),
  MoneyCollectOutlined: () => import('@ant-design/icons/es/icons/MoneyCollectOutlined'),
  MonitorOutlined: () => import('@ant-design/icons/es/icons/MonitorOutlined'),
  NotificationOutlined: () => import('@ant-design/icons/es/icons/NotificationOutlined'),
  PaperClipOutlined: () => import('@ant-design/icons/es/icons/PaperClipOutlined'),
  PayCircleOutlined: () => import('@ant-design/icons/es/icons/PayCircleOutlined'),
  PhoneOutlined: () => import('@ant-design/icons/es/icons/PhoneOutlined'),
  PictureOutlined: () => import('@ant-design/icons/es/icons/PictureOutlined'),
  PieChartOutlined: () => import('@ant-design/icons/es/icons/PieChartOutlined'),
  PlayCircleOutlined: () => import('@ant-design/icons/es/icons/PlayCircleOutlined'),
  PlusCircleOutlined: () => import('@ant-design/icons/es/icons/PlusCircleOutlined'),
  PlusOutlined: () => import('@ant-design/icons/es/icons/PlusOutlined'),
  ProfileOutlined: () => import('@ant-design/icons/es/icons/ProfileOutlined'),
  ProjectOutlined: () => import('@ant-design/icons/es/icons/ProjectOutlined'),
  PushpinOutlined: () => import('@ant-design/icons/es/icons/PushpinOutlined'),
  QrcodeOutlined: () => import('@ant-design/icons/es/icons/QrcodeOutlined'),
  QuestionCircleOutlined: () => import('@ant-design/icons/es/icons/QuestionCircleOutlined'),
  ReadOutlined: () => import('@ant-design/icons/es/icons/ReadOutlined'),
  RedEnvelopeOutlined: () => import('@ant-design/icons/es/icons/RedEnvelopeOutlined'),
  ReloadOutlined: () => import('@ant-design/icons/es/icons/ReloadOutlined'),
  RiseOutlined: () => import('@ant-design/icons/es/icons/RiseOutlined'),
  RocketOutlined: () => import('@ant-design/icons/es/icons/RocketOutlined'),
  SafetyCertificateOutlined: () => import('@ant-design/icons/es/icons/SafetyCertificateOutlined'),
  SafetyOutlined: () => import('@ant-design/icons/es/icons/SafetyOutlined'),
  SaveOutlined: () => import('@ant-design/icons/es/icons/SaveOutlined'),
  ScheduleOutlined: () => import('@ant-design/icons/es/icons/ScheduleOutlined'),
  SearchOutlined: () => import('@ant-design/icons/es/icons/SearchOutlined'),
  SendOutlined: () => import('@ant-design/icons/es/icons/SendOutlined'),
  SettingOutlined: () => import('@ant-design/icons/es/icons/SettingOutlined'),
  ShareAltOutlined: () => import('@ant-design/icons/es/icons/ShareAltOutlined'),
  ShopOutlined: () => import('@ant-design/icons/es/icons/ShopOutlined'),
  ShoppingCartOutlined: () => import('@ant-design/icons/es/icons/ShoppingCartOutlined'),
  SkinOutlined: () => import('@ant-design/icons/es/icons/SkinOutlined'),
  SolutionOutlined: () => import('@ant-design/icons/es/icons/SolutionOutlined'),
  SoundOutlined: () => import('@ant-design/icons/es/icons/SoundOutlined'),
  StarOutlined: () => import('@ant-design/icons/es/icons/StarOutlined'),
  SwapOutlined: () => import('@ant-design/icons/es/icons/SwapOutlined'),
  TableOutlined: () => import('@ant-design/icons/es/icons/TableOutlined'),
  TagsOutlined: () => import('@ant-design/icons/es/icons/TagsOutlined'),
  TeamOutlined: () => import('@ant-design/icons/es/icons/TeamOutlined'),
  ThunderboltOutlined: () => import('@ant-design/icons/es/icons/ThunderboltOutlined'),
  ToolOutlined: () => import('@ant-design/icons/es/icons/ToolOutlined'),
  TransactionOutlined: () => import('@ant-design/icons/es/icons/TransactionOutlined'),
  TrophyOutlined: () => import('@ant-design/icons/es/icons/TrophyOutlined'),
  UnorderedListOutlined: () => import('@ant-design/icons/es/icons/UnorderedListOutlined'),
  UserAddOutlined: () => import('@ant-design/icons/es/icons/UserAddOutlined'),
  UserOutlined: () => import('@ant-design/icons/es/icons/UserOutlined'),
  WalletOutlined: () => import('@ant-design/icons/es/icons/WalletOutlined'),
};

/** BladeX's icon names (`iconfont iconicon_setting`, `iconfont icon-caidan`, `el-icon-setting`), without prefix, to the nearest antd icon. */
const ICONFONT_ALIASES: Record<string, string> = {
  add: 'PlusOutlined',
  addperson: 'UserAddOutlined',
  addressbook: 'ContactsOutlined',
  addresslist: 'ContactsOutlined',
  affiliations_li: 'ClusterOutlined',
  airplay: 'DesktopOutlined',
  biaodan: 'FormOutlined',
  biaoge: 'TableOutlined',
  boss: 'CrownOutlined',
  bug: 'BugOutlined',
  caidan: 'MenuOutlined',
  caidanguanli: 'AppstoreOutlined',
  canshu: 'ControlOutlined',
  cloud_history: 'CloudOutlined',
  coinpurse_line: 'WalletOutlined',
  community_line: 'CommentOutlined',
  compile: 'EditOutlined',
  debug: 'BugOutlined',
  delete: 'DeleteOutlined',
  details: 'ProfileOutlined',
  discovery: 'CompassOutlined',
  dispose: 'AuditOutlined',
  doc: 'FileTextOutlined',
  dongtai: 'ThunderboltOutlined',
  exchange: 'SwapOutlined',
  gps: 'EnvironmentOutlined',
  group: 'TeamOutlined',
  huanyingye: 'HomeOutlined',
  iframe: 'GlobalOutlined',
  message: 'MessageOutlined',
  mima: 'KeyOutlined',
  mobilephone: 'MobileOutlined',
  namecard: 'IdcardOutlined',
  notice: 'NotificationOutlined',
  phone: 'PhoneOutlined',
  photo: 'PictureOutlined',
  principal: 'UserOutlined',
  qrcode: 'QrcodeOutlined',
  quanxian: 'SafetyOutlined',
  refresh: 'ReloadOutlined',
  rizhi: 'FileTextOutlined',
  rizhi1: 'FileTextOutlined',
  roundadd: 'PlusCircleOutlined',
  safety: 'SafetyOutlined',
  savememo: 'SaveOutlined',
  scan_namecard: 'IdcardOutlined',
  search: 'SearchOutlined',
  secret: 'LockOutlined',
  send: 'SendOutlined',
  setting: 'SettingOutlined',
  share: 'ShareAltOutlined',
  shakehands: 'TeamOutlined',
  shouji: 'MobileOutlined',
  shuaxin: 'ReloadOutlined',
  shujuzhanshi2: 'DashboardOutlined',
  sms: 'MessageOutlined',
  star: 'StarOutlined',
  study: 'ReadOutlined',
  subordinate: 'ApartmentOutlined',
  suoping: 'LockOutlined',
  task: 'ScheduleOutlined',
  task_done: 'CheckSquareOutlined',
  tubiao: 'BarChartOutlined',
  work: 'ProjectOutlined',
  wxbgongju: 'ToolOutlined',
  yonghu: 'UserOutlined',
  zhuti: 'SkinOutlined',
};

/** `cloud-server` -> `CloudServerOutlined`: antd's icon name for a short kebab-case one. */
function outlinedName(name: string): string {
  return `${name.replace(/(^|-)([a-z])/g, (_, _dash: string, c: string) => c.toUpperCase())}Outlined`;
}

/**
 * The antd icon name for a menu's `source`: an antd name (`SettingOutlined` or just `setting`), else a
 * BladeX iconfont name; anything unknown gets the default.
 */
export function menuIconName(source: string | undefined): string {
  const name = source?.trim() ?? '';
  const alias = name
    .replace(/^(iconfont\s+|el-icon-)/, '')
    .replace(/^icon(icon_|-)?/, '')
    .toLowerCase();
  if (ANTD_ICONS[name]) return name;
  if (ANTD_ICONS[outlinedName(name)]) return outlinedName(name);
  return ICONFONT_ALIASES[alias] ?? 'AppstoreOutlined';
}

/** One component per icon, made once, so React keeps its identity between renders. */
const icons = new Map<string, ComponentType<AntdIconProps>>();

/**
 * The icon component for a menu's `source` (see menuIconName). Until its code has come, an empty box of
 * the icon's size holds its place; the props (antd's menu gives its icons a class) go to both.
 */
export function menuIconOf(source: string | undefined): ComponentType<AntdIconProps> {
  const name = menuIconName(source);
  let icon = icons.get(name);
  if (!icon) {
    const Loaded = lazy(ANTD_ICONS[name]);
    icon = function MenuIcon(props: AntdIconProps) {
      const placeholder = (
        <span
          className={['anticon', props.className].filter(Boolean).join(' ')}
          style={{ width: '1em', height: '1em', ...props.style }}
        />
      );
      return (
        <Suspense fallback={placeholder}>
          <Loaded {...props} />
        </Suspense>
      );
    };
    icons.set(name, icon);
  }
  return icon;
}
