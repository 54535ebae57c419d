-- A password the account was given rather than chose (issue 28, point 7): the seeded one (the platform
-- administrator's, the demo company accounts'), the tenant's initial password after a reset or an import.
-- 1 until the owner changes it (blade-user/update-password); the web asks them to, and a start that listens
-- beyond loopback warns while the platform administrator's is still one.
alter table blade_user add column if not exists initial_password smallint default 0;
-- A database seeded before this column: whether the seeded accounts still have their seeded password takes a
-- bcrypt check, which SQL cannot do. Null marks them to be checked once at the next start (seeded-password.ts).
update blade_user set initial_password = null
 where id in (1123598821738675201, 190000000000010199, 190000000000010299, 190000000000010399);
