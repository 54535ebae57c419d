-- The industry of an enterprise and of a policy is a node of the tenant's 行业分类 tree (basic_industry),
-- no longer a key of the `industry` dictionary (issue 15). The columns become bigint ids. A stored key is
-- mapped, within its tenant, to the industry whose name is the key's label (the tenant's business
-- dictionary first, else the system one), or, for the labels the system dictionary shipped with, to the
-- national classification's class the demo tree holds for it; a key that finds no industry becomes null
-- (for an enterprise: no industry; for a policy: every industry).

select set_config('park.tenant_id', '*', true);

create temporary table industry_key_map on commit drop as
with labels as (
  -- Each tenant's label of each key: its business dictionary's, else the system dictionary's.
  select t.tenant_id, k.dict_key,
         coalesce(
           (select b.dict_value from blade_dict_biz b
             where b.tenant_id = t.tenant_id and b.code = 'industry' and b.parent_id <> 0
               and b.dict_key = k.dict_key and b.is_deleted = 0
             order by b.id limit 1),
           (select d.dict_value from blade_dict d
             where d.code = 'industry' and d.parent_id <> 0 and d.dict_key = k.dict_key and d.is_deleted = 0
             order by d.id limit 1)) as label
    from (select distinct tenant_id from basic_industry where is_deleted = 0) t
    cross join (select distinct industry::text as dict_key from crm_enterprise where industry is not null
                union
                select distinct industry::text from basic_policy where industry is not null) k
),
counterparts(label, industry_name) as (values
  -- The system dictionary's park labels and the national classes (GB/T 4754-2017) they stand for.
  ('电子信息', '计算机、通信和其他电子设备制造业'),
  ('生物医药', '医药制造业'),
  ('先进制造', '制造业'),
  ('新材料', '化学原料和化学制品制造业'),
  ('新能源', '电力、热力、燃气及水生产和供应业'),
  ('现代服务业', '科学研究和技术服务业')
)
select l.tenant_id, l.dict_key,
       (select i.id from basic_industry i
         where i.tenant_id = l.tenant_id and i.is_deleted = 0
           and (i.industry_name = l.label
                or i.industry_name = (select c.industry_name from counterparts c where c.label = l.label))
         -- The label's own name before its counterpart; the shallower node first.
         order by (i.industry_name = l.label) desc, length(i.ancestors), i.sort, i.id
         limit 1) as industry_id
  from labels l
 where l.label is not null;

alter table crm_enterprise alter column industry type bigint;
alter table basic_policy alter column industry type bigint;

update crm_enterprise e
   set industry = (select m.industry_id from industry_key_map m
                    where m.tenant_id = e.tenant_id and m.dict_key = e.industry::text)
 where e.industry is not null;
update basic_policy p
   set industry = (select m.industry_id from industry_key_map m
                    where m.tenant_id = p.tenant_id and m.dict_key = p.industry::text)
 where p.industry is not null;

-- The policy match reads an enterprise's industry per tenant (modules/basic/policy.ts).
create index crm_enterprise_industry on crm_enterprise (tenant_id, industry) where is_deleted = 0;
