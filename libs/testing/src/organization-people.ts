import { type PrismaClient } from '#folio/db';
import { hashPassword } from '#folio/identity';
import { newProject, newUser, type Services, type TestProject, type TestUser } from './factories.js';
import { newOrganization, type TestOrganization } from './organizations.js';
import { actorNow } from './people.js';

/** A person who belongs only to accounts of others (see `newMemberOnly`). */
export interface TestMember {
  id: string;
  email: string;
  name: string;
}

let made = 0;

/**
 * A person with no account of their own, to be made a member of others' accounts (e.g. by
 * `newOrganization`). Signing up always makes a personal account, so no service makes such a person yet:
 * this writes the user row itself. They log in with `password` if given, and cannot otherwise.
 */
export async function newMemberOnly(
  app: { prisma: PrismaClient },
  fields: { name?: string; password?: string } = {},
): Promise<TestMember> {
  const n = ++made;
  return app.prisma.user.create({
    data: {
      email: `member.${n}.${process.pid}@example.test`,
      name: fields.name ?? `Member ${n}`,
      passwordHash: fields.password === undefined ? 'no password' : await hashPassword(fields.password),
    },
    select: { id: true, email: true, name: true },
  });
}

export interface OrganizationPeople {
  /** With one team, in `teams[0]`. */
  organization: TestOrganization;
  /** Owner of the organization (and of a personal account). */
  owner: TestUser;
  /** Editor of the organization only: no personal account, in no team. */
  editor: TestMember & Pick<TestUser, 'actor'>;
  /** Viewer of the organization and of its team (and owner of a personal account). */
  viewer: TestUser;
  /** Owner of a personal account only, with no role in the organization. */
  stranger: TestUser;
}

/**
 * An organization with a team, and the people specs of access need: its owner, an editor, a viewer and a
 * stranger, each loaded as the access policy sees them now.
 */
export async function newOrganizationPeople(
  app: Services & { prisma: PrismaClient },
  team: { name?: string } = {},
): Promise<OrganizationPeople> {
  const [owner, viewer, stranger] = await Promise.all([1, 2, 3].map(() => newUser(app)));
  const editor = await newMemberOnly(app);
  const organization = await newOrganization(app, {
    members: [
      { user: owner, role: 'owner' },
      { user: editor, role: 'editor' },
      { user: viewer, role: 'viewer' },
    ],
    teams: [{ ...team, members: [{ user: viewer, role: 'viewer' }] }],
  });
  const withRoles = async <Person extends TestMember>(person: Person) => ({
    ...person,
    ...(await actorNow(app, person)),
  });
  return {
    organization,
    owner: await withRoles(owner),
    editor: await withRoles(editor),
    viewer: await withRoles(viewer),
    stranger,
  };
}

export interface CafeOrganization extends OrganizationPeople {
  /** Northwind Coffee Roasters, in the shared workspace: Welcome and Menu on its home page, Hours on Visit us. */
  northwind: TestProject;
  /** Atlas Analytics, in the team's workspace: a Dashboards section on its home page. */
  atlas: TestProject;
}

/**
 * An organization with its people (as `newOrganizationPeople`) and two projects made by its owner: a
 * two-page café for everyone in it and a project of its team's.
 */
export async function newCafeOrganization(
  app: Services & { prisma: PrismaClient },
): Promise<CafeOrganization> {
  const people = await newOrganizationPeople(app, { name: 'Atlas' });
  const { key: accountKey, teams } = people.organization;
  const northwind = await newProject(app, people.owner, {
    title: 'Northwind Coffee Roasters',
    accountKey,
    pages: [
      { sections: [{ title: 'Welcome' }, { title: 'Menu' }] },
      { title: 'Visit us', sections: [{ title: 'Hours' }] },
    ],
  });
  const atlas = await newProject(app, people.owner, {
    title: 'Atlas Analytics',
    accountKey,
    workspace: teams[0].workspace.key,
    pages: [{ sections: [{ title: 'Dashboards' }] }],
  });
  return { ...people, northwind, atlas };
}
