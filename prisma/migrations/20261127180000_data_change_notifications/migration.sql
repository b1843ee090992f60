-- Every committed write to what the kept MCP answers are made of (apps/api/src/mcp/repeated-answers.ts)
-- announces itself on the `folio_data` channel, whatever wrote it: projects and their content, versions,
-- assets, screenshots, publications, templates, and everything access is decided by (accounts, memberships,
-- teams, workspaces, keys). Each statement sends one notification naming its table (PostgreSQL folds equal
-- ones of a transaction into one), and every instance stops serving the answers it kept before (DataChanges in
-- libs/db). Columns written often that no answer shows (credits, a key's last use, a password) are left out.
-- The function body writes its semicolons as \073: the driver adapter runs a migration statement by
-- statement, split at every semicolon of the script.
CREATE FUNCTION folio_data_changed() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN PERFORM pg_notify(''folio_data'', TG_TABLE_NAME)\073 RETURN NULL\073 END';

CREATE TRIGGER "Account_data_changed" AFTER INSERT OR UPDATE OF "key", "name", "kind" OR DELETE ON "Account"
  FOR EACH STATEMENT EXECUTE FUNCTION folio_data_changed();
CREATE TRIGGER "User_data_changed" AFTER INSERT OR UPDATE OF "email", "name" OR DELETE ON "User"
  FOR EACH STATEMENT EXECUTE FUNCTION folio_data_changed();
CREATE TRIGGER "Membership_data_changed" AFTER INSERT OR UPDATE OR DELETE ON "Membership"
  FOR EACH STATEMENT EXECUTE FUNCTION folio_data_changed();
CREATE TRIGGER "Team_data_changed" AFTER INSERT OR UPDATE OF "key", "accountId", "name" OR DELETE ON "Team"
  FOR EACH STATEMENT EXECUTE FUNCTION folio_data_changed();
CREATE TRIGGER "TeamMember_data_changed" AFTER INSERT OR UPDATE OR DELETE ON "TeamMember"
  FOR EACH STATEMENT EXECUTE FUNCTION folio_data_changed();
CREATE TRIGGER "Workspace_data_changed" AFTER INSERT OR UPDATE OR DELETE ON "Workspace"
  FOR EACH STATEMENT EXECUTE FUNCTION folio_data_changed();
CREATE TRIGGER "ApiKey_data_changed"
  AFTER INSERT OR UPDATE OF "revokedAt", "accountId", "scopes", "userId", "hash" OR DELETE ON "ApiKey"
  FOR EACH STATEMENT EXECUTE FUNCTION folio_data_changed();
CREATE TRIGGER "Project_data_changed" AFTER INSERT OR UPDATE OR DELETE ON "Project"
  FOR EACH STATEMENT EXECUTE FUNCTION folio_data_changed();
CREATE TRIGGER "Page_data_changed" AFTER INSERT OR UPDATE OR DELETE ON "Page"
  FOR EACH STATEMENT EXECUTE FUNCTION folio_data_changed();
CREATE TRIGGER "Section_data_changed" AFTER INSERT OR UPDATE OR DELETE ON "Section"
  FOR EACH STATEMENT EXECUTE FUNCTION folio_data_changed();
CREATE TRIGGER "Asset_data_changed" AFTER INSERT OR UPDATE OR DELETE ON "Asset"
  FOR EACH STATEMENT EXECUTE FUNCTION folio_data_changed();
CREATE TRIGGER "ProjectVersion_data_changed" AFTER INSERT OR UPDATE OR DELETE ON "ProjectVersion"
  FOR EACH STATEMENT EXECUTE FUNCTION folio_data_changed();
CREATE TRIGGER "SectionScreenshot_data_changed" AFTER INSERT OR UPDATE OR DELETE ON "SectionScreenshot"
  FOR EACH STATEMENT EXECUTE FUNCTION folio_data_changed();
CREATE TRIGGER "ContentScreenshot_data_changed" AFTER INSERT OR UPDATE OR DELETE ON "ContentScreenshot"
  FOR EACH STATEMENT EXECUTE FUNCTION folio_data_changed();
CREATE TRIGGER "Publication_data_changed" AFTER INSERT OR UPDATE OR DELETE ON "Publication"
  FOR EACH STATEMENT EXECUTE FUNCTION folio_data_changed();
CREATE TRIGGER "Template_data_changed" AFTER INSERT OR UPDATE OR DELETE ON "Template"
  FOR EACH STATEMENT EXECUTE FUNCTION folio_data_changed();
CREATE TRIGGER "PinnedValue_data_changed" AFTER INSERT OR UPDATE OR DELETE ON "PinnedValue"
  FOR EACH STATEMENT EXECUTE FUNCTION folio_data_changed();
