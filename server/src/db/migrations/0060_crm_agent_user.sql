-- The enterprise's agent user (spec part 3 "agentName/agentUser"): the company account that
-- create-enterprise opens with it. Existing enterprises get their oldest live company account.
alter table crm_enterprise add column agent_user bigint;

select set_config('park.tenant_id', '*', true);
update crm_enterprise e
   set agent_user = (select u.id from blade_user u
                      where u.tenant_id = e.tenant_id and u.enterprise_id = e.id and u.user_type = 2
                        and u.is_deleted = 0
                      order by u.create_time, u.id limit 1)
 where e.agent_user is null;
