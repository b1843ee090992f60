-- Deleting a team or a workspace never widens who sees a project (docs/design.md §5). Both used to set the
-- reference to null: a team's workspaces became open to every member of the account, and a workspace's
-- projects too. Now a team with workspaces, and a workspace with projects, cannot be deleted. Deleting the
-- whole account still takes all of them (NO ACTION is checked once the cascade is done).
-- DropForeignKey
ALTER TABLE "Project" DROP CONSTRAINT "Project_workspaceId_fkey";

-- DropForeignKey
ALTER TABLE "Workspace" DROP CONSTRAINT "Workspace_teamId_fkey";

-- AddForeignKey
ALTER TABLE "Workspace" ADD CONSTRAINT "Workspace_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Project" ADD CONSTRAINT "Project_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE NO ACTION ON UPDATE CASCADE;
