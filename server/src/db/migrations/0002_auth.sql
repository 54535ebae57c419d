-- Login captchas, kept in the database so that any instance can check a code another one drew.
-- Not tenant-scoped: a captcha is drawn before anyone says which tenant they log in to.
create table park_captcha (
  key varchar(64) primary key,
  code varchar(16) not null,
  expires_at timestamp(0) not null
);
create index park_captcha_expiry on park_captcha (expires_at);
