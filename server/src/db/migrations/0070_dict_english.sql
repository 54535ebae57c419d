-- Dictionary values in English (issue: English mode showed Chinese labels): an entry's label in English
-- when the request's language is English and it has one, else its Chinese value. Built-in system
-- entries get theirs from the seed (server/src/seed/dictionaries.ts); business dictionaries may set theirs.
alter table blade_dict add column dict_value_en varchar(255);
alter table blade_dict_biz add column dict_value_en varchar(255);
