-- Object storage for real (issue 21): a stored name now starts with the store it went to (`env/`,
-- `oss-<id>/`; none for the local disk, as before), so no column records it. A file link's download
-- names the attachment it belongs to, found by its stored name.
create index if not exists park_attachment_stored on park_attachment (tenant_id, stored_name);
