-- Every change that can narrow what an API key may do announces itself on the `folio_principal` channel,
-- whatever wrote it. A key revoked, deleted, rescoped or restricted to another account names the key
-- (`key:<id>`), and a membership or team role added, changed or removed names its user (`user:<id>`).
-- NOTIFY is delivered when the transaction commits, so every instance drops its cached principals the
-- moment the change is visible (libs/identity/src/principal-cache.ts).
-- The function bodies write each semicolon as \073: the driver adapter runs a migration statement by
-- statement, split at every semicolon of the script.
CREATE FUNCTION folio_api_key_changed() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN PERFORM pg_notify(''folio_principal'', ''key:'' || OLD.id)\073 RETURN NULL\073 END';

CREATE FUNCTION folio_roles_changed() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN PERFORM pg_notify(''folio_principal'', ''user:'' || u) FROM unnest(ARRAY[OLD."userId", NEW."userId"]) AS u WHERE u IS NOT NULL\073 RETURN NULL\073 END';

CREATE TRIGGER "ApiKey_principal_changed"
  AFTER UPDATE OF "revokedAt", "accountId", "scopes", "userId", "hash" OR DELETE ON "ApiKey"
  FOR EACH ROW EXECUTE FUNCTION folio_api_key_changed();

CREATE TRIGGER "Membership_principal_changed"
  AFTER INSERT OR UPDATE OR DELETE ON "Membership"
  FOR EACH ROW EXECUTE FUNCTION folio_roles_changed();

CREATE TRIGGER "TeamMember_principal_changed"
  AFTER INSERT OR UPDATE OR DELETE ON "TeamMember"
  FOR EACH ROW EXECUTE FUNCTION folio_roles_changed();
