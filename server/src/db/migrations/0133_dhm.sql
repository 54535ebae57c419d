-- The canteen (spec part 1 "Canteen"; part 7 blade-dhm): dishes, meal categories, meals, the booking
-- rules of each category (meal-config) and the meal orders. The rules an order obeys under a rush are
-- held here where they can be: one live order per person, meal and day (a partial unique index), and
-- the daily portion limit, which the booking checks while it holds the meal's row lock (modules/dhm).

create table dhm_dishes (
  id bigint primary key,
  tenant_id varchar(12) not null,
  dishes_name varchar(100) not null,
  dishes_picture varchar(1000),
  price numeric(18,2) not null default 0,
  taste int,                                -- dictionary dishes_taste
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1,            -- dictionary dhm_sale_status: 1 on sale, 0 off
  is_deleted int not null default 0
);
create index dhm_dishes_recent on dhm_dishes (tenant_id, create_time desc) where is_deleted = 0;
select park_tenant_table('dhm_dishes');

create table dhm_category_meal (
  id bigint primary key,
  tenant_id varchar(12) not null,
  category_name varchar(50) not null,
  start_time varchar(5) not null,           -- HH:mm, serving hours
  end_time varchar(5) not null,
  sort int not null default 1,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
create index dhm_category_meal_sort on dhm_category_meal (tenant_id, sort) where is_deleted = 0;
select park_tenant_table('dhm_category_meal');

create table dhm_meal (
  id bigint primary key,
  tenant_id varchar(12) not null,
  meal_name varchar(100) not null,
  category_meal_id bigint not null,
  dishes_ids varchar(2000) not null,        -- dish ids, comma-joined
  price numeric(18,2) not null default 0,
  serve_days varchar(20) not null,          -- ISO days of the week, comma-joined: 1 Monday ... 7 Sunday
  daily_limit int check (daily_limit is null or daily_limit > 0), -- portions per day; null is no limit
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1,            -- dictionary dhm_sale_status: 1 on sale, 0 off
  is_deleted int not null default 0
);
create index dhm_meal_category on dhm_meal (tenant_id, category_meal_id) where is_deleted = 0;
create index dhm_meal_recent on dhm_meal (tenant_id, create_time desc) where is_deleted = 0;
select park_tenant_table('dhm_meal');

create table dhm_meal_config (
  id bigint primary key,
  tenant_id varchar(12) not null,
  category_meal_id bigint not null,
  meal_config_date int not null default 1 check (meal_config_date in (-1, 0, 1, 2)), -- dictionary meal_config_date
  deadline_time varchar(5) not null,        -- HH:mm, the cut-off on the last day of the window
  booker_types varchar(20) not null default '1,2', -- dictionary dhm_booker_type keys, comma-joined
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
-- One live booking rule per category.
create unique index dhm_meal_config_category on dhm_meal_config (tenant_id, category_meal_id) where is_deleted = 0;
select park_tenant_table('dhm_meal_config');

create table dhm_order_meal (
  id bigint primary key,
  tenant_id varchar(12) not null,
  order_no varchar(32) not null,
  meal_id bigint not null,
  category_meal_id bigint not null,
  meal_date date not null,
  user_id bigint not null,
  enterprise_id bigint,                     -- the booker's enterprise, for a company account
  price numeric(18,2) not null default 0,   -- the meal's price when booked
  order_meal_status int not null default 0 check (order_meal_status in (0, 1, 2)), -- 0 booked, 1 written off, 2 cancelled
  verification_time timestamp(0),
  verification_user bigint,
  cancel_time timestamp(0),
  cancel_user bigint,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
  update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
  status int not null default 1, is_deleted int not null default 0
);
-- One live (booked or written-off) order per person, meal and day: a cancelled one frees the place.
create unique index dhm_order_meal_once on dhm_order_meal (tenant_id, user_id, meal_id, meal_date)
  where is_deleted = 0 and order_meal_status <> 2;
-- The portions a meal has taken on a day (the limit check) and the statistics by day.
create index dhm_order_meal_portions on dhm_order_meal (tenant_id, meal_id, meal_date)
  where is_deleted = 0 and order_meal_status <> 2;
create index dhm_order_meal_day on dhm_order_meal (tenant_id, meal_date) where is_deleted = 0;
create index dhm_order_meal_recent on dhm_order_meal (tenant_id, create_time desc) where is_deleted = 0;
create unique index dhm_order_meal_no on dhm_order_meal (tenant_id, order_no);
select park_tenant_table('dhm_order_meal');

-- The canteen's system dictionaries (spec part 3 names dishes_taste; part 4 orderMealStatus and
-- mealConfigDate), with their English values. Ids of their own range, clear of seed/dictionaries.ts.
insert into blade_dict (id, parent_id, code, dict_key, dict_value, dict_value_en, sort) values
  (1123598819738691001, 0, 'dishes_taste', '-1', '菜品口味', 'Dish taste', 901),
  (1123598819738691002, 1123598819738691001, 'dishes_taste', '1', '清淡', 'Mild', 1),
  (1123598819738691003, 1123598819738691001, 'dishes_taste', '2', '微辣', 'Slightly spicy', 2),
  (1123598819738691004, 1123598819738691001, 'dishes_taste', '3', '香辣', 'Spicy', 3),
  (1123598819738691005, 1123598819738691001, 'dishes_taste', '4', '酸甜', 'Sweet and sour', 4),
  (1123598819738691006, 1123598819738691001, 'dishes_taste', '5', '咸鲜', 'Savoury', 5),
  (1123598819738691010, 0, 'dhm_sale_status', '-1', '上架状态', 'On sale', 902),
  (1123598819738691011, 1123598819738691010, 'dhm_sale_status', '1', '上架', 'On sale', 1),
  (1123598819738691012, 1123598819738691010, 'dhm_sale_status', '0', '下架', 'Off', 2),
  (1123598819738691020, 0, 'meal_config_date', '-1', '订餐时间', 'Booking window', 903),
  (1123598819738691021, 1123598819738691020, 'meal_config_date', '-1', '不限', 'Unlimited', 1),
  (1123598819738691022, 1123598819738691020, 'meal_config_date', '0', '当天', 'Same day', 2),
  (1123598819738691023, 1123598819738691020, 'meal_config_date', '1', '提前一天', 'One day before', 3),
  (1123598819738691024, 1123598819738691020, 'meal_config_date', '2', '提前两天', 'Two days before', 4),
  (1123598819738691030, 0, 'order_meal_status', '-1', '订单状态', 'Order status', 904),
  (1123598819738691031, 1123598819738691030, 'order_meal_status', '0', '已预订', 'Booked', 1),
  (1123598819738691032, 1123598819738691030, 'order_meal_status', '1', '已核销', 'Written off', 2),
  (1123598819738691033, 1123598819738691030, 'order_meal_status', '2', '已取消', 'Cancelled', 3),
  (1123598819738691040, 0, 'dhm_booker_type', '-1', '订餐人员', 'Who may book', 905),
  (1123598819738691041, 1123598819738691040, 'dhm_booker_type', '1', '园区员工', 'Park staff', 1),
  (1123598819738691042, 1123598819738691040, 'dhm_booker_type', '2', '企业员工', 'Company staff', 2),
  (1123598819738691050, 0, 'week_day', '-1', '星期', 'Day of the week', 906),
  (1123598819738691051, 1123598819738691050, 'week_day', '1', '星期一', 'Monday', 1),
  (1123598819738691052, 1123598819738691050, 'week_day', '2', '星期二', 'Tuesday', 2),
  (1123598819738691053, 1123598819738691050, 'week_day', '3', '星期三', 'Wednesday', 3),
  (1123598819738691054, 1123598819738691050, 'week_day', '4', '星期四', 'Thursday', 4),
  (1123598819738691055, 1123598819738691050, 'week_day', '5', '星期五', 'Friday', 5),
  (1123598819738691056, 1123598819738691050, 'week_day', '6', '星期六', 'Saturday', 6),
  (1123598819738691057, 1123598819738691050, 'week_day', '7', '星期日', 'Sunday', 7)
on conflict (id) do nothing;
