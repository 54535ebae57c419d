-- The built-in menus and buttons as the release last seeded them (seed/menus.ts): per row, a hash of
-- its built-in fields (parent, code, name, alias, path, icon, sort, category, action, keep-alive).
-- At every start a row whose fields still hash to it follows the release (renamed, moved, withdrawn);
-- a row that differs was changed by the operator and stays as it is. Rows the operator added have none.
create table park_menu_seed (
  id bigint primary key,
  seeded varchar(64) not null,
  -- Logically deleted by a release that withdrew it (not by the operator): a later release may bring it back.
  withdrawn boolean not null default false
);
