-- A repair reported where the tenant has deployed a repair process (process key `repair`) runs through an
-- instance of it (issue 31): the instance names the repair (wf_instance.business_table 'property_repair',
-- business_id), and the repair names its instance here, set in the report's transaction, so the lists and the
-- detail carry it (the screens link 查看流程 instead of the direct moves). Null: the repair moves the direct way.
alter table property_repair add column process_instance_id bigint;
