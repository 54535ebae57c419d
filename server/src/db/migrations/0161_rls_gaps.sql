-- Login sessions belong to a tenant like every other tenant row: the tenant policy guards them too
-- (the login, refresh and revocation paths read them as the platform, '*', which the policy admits).
select park_tenant_table('park_auth_session');
