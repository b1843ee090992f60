// Bench data on top of the demo seed: projects spread over many accounts, each with a home page (and
// optionally more pages) whose sections hold searchable text. The demo owner joins some of the accounts,
// so a search has real matches among thousands of candidates it must not see. Deterministic (seeded
// PRNG): runs compare.
import { randomUUID } from 'node:crypto';
import { defaultBreakpoints, defaultTheme, newPublicKey, type Element } from '#folio/content';
import { asJson, type PrismaClient } from '#folio/db';
import { demoKeys, demoUsers } from '#folio/seed';

export interface ManyProjectsOptions {
  projects: number;
  accounts: number;
  /** How many of the accounts the demo owner is a member of. */
  ownerMemberships: number;
  /** Pages per project: Home, then About, Services, … (default 1). */
  pagesPerProject?: number;
  /** Sections on each page (default 1). */
  sectionsPerPage?: number;
  /** Also spread projects over the demo organization's workspaces and the demo owner's personal account. */
  inDemoAccounts?: boolean;
}

const businesses = [
  'coffee roastery',
  'bakery',
  'yoga studio',
  'dental clinic',
  'law firm',
  'architecture studio',
  'bike shop',
  'florist',
  'bookstore',
  'craft brewery',
  'pet grooming salon',
  'wedding photography',
  'real estate agency',
  'climbing gym',
  'seafood restaurant',
  'boutique hotel',
  'plumbing service',
  'accounting practice',
  'tattoo studio',
  'music school',
  'veterinary clinic',
  'landscaping company',
  'ceramics workshop',
  'barbershop',
  'wine bar',
  'language school',
  'coworking space',
  'skate shop',
  'tea house',
  'furniture maker',
];
const places = [
  'Portland',
  'Lisbon',
  'Kyoto',
  'Austin',
  'Bristol',
  'Oslo',
  'Valencia',
  'Denver',
  'Leeds',
  'Montreal',
  'Hobart',
  'Tucson',
  'Ghent',
  'Porto',
  'Galway',
  'Boulder',
];
const pitches = [
  'Open seven days a week, with friendly staff and fair prices.',
  'Book online in a minute and get a reminder the day before.',
  'Family owned since 1998 and proud of our neighbourhood.',
  'Seasonal offers, gift cards and a loyalty programme for regulars.',
  'Find us near the old market square, parking available.',
];
const roles = ['owner', 'admin', 'editor', 'viewer'] as const;
const extraPages = ['About', 'Services', 'Prices', 'Contact', 'Team', 'Journal'];
const headings = ['Our story', 'What we offer', 'Opening hours', 'Find us', 'What people say', 'Prices'];

/** mulberry32: small, fast, seeded. */
function prng(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const titleCase = (words: string) => words.replace(/\b\w/g, (c) => c.toUpperCase());

function textTree(heading: string, paragraph: string): Element {
  return {
    key: newPublicKey(),
    type: 'frame',
    tag: 'section',
    children: [
      { key: newPublicKey(), type: 'text', tag: 'h1', text: heading },
      { key: newPublicKey(), type: 'text', tag: 'p', text: `<p>${paragraph}</p>` },
    ],
  };
}

/** Where projects go: an account, and a workspace in it or none. */
interface ProjectHome {
  accountId: string;
  workspaceId: string | null;
}

async function demoHomes(prisma: PrismaClient): Promise<ProjectHome[]> {
  const organization = await prisma.account.findUniqueOrThrow({
    where: { key: demoKeys.account },
    include: { workspaces: true },
  });
  const personal = await prisma.account.findUniqueOrThrow({ where: { key: demoKeys.ownerPersonalAccount } });
  return [
    ...organization.workspaces.map((workspace) => ({
      accountId: organization.id,
      workspaceId: workspace.id,
    })),
    { accountId: personal.id, workspaceId: null },
  ];
}

/** Inserts the accounts, projects, pages and sections in bulk, then builds their search documents. */
export async function seedManyProjects(prisma: PrismaClient, options: ManyProjectsOptions): Promise<void> {
  const random = prng(20_260_728);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const owner = await prisma.user.findUniqueOrThrow({ where: { email: demoUsers.owner.email } });

  const accounts = Array.from({ length: options.accounts }, (_, i) => ({
    id: randomUUID(),
    key: newPublicKey(),
    name: `Bench account ${i + 1}`,
    kind: 'organization' as const,
  }));
  await prisma.account.createMany({ data: accounts });
  await prisma.membership.createMany({
    data: accounts.slice(0, options.ownerMemberships).map((account, i) => ({
      userId: owner.id,
      accountId: account.id,
      role: roles[i % roles.length],
    })),
  });

  const homes: ProjectHome[] = [
    ...accounts.map((account) => ({ accountId: account.id, workspaceId: null })),
    ...(options.inDemoAccounts ? await demoHomes(prisma) : []),
  ];
  const pagesPerProject = options.pagesPerProject ?? 1;
  const sectionsPerPage = options.sectionsPerPage ?? 1;
  const theme = asJson(defaultTheme);
  const breakpoints = asJson(defaultBreakpoints);
  const projects = [];
  const pages = [];
  const sections = [];
  const now = Date.now();
  for (let i = 0; i < options.projects; i++) {
    const business = pick(businesses);
    const place = pick(places);
    const name = `${place} ${titleCase(business)}`;
    const projectId = randomUUID();
    const home = homes[i % homes.length];
    const updatedAt = new Date(now - Math.floor(random() * 365 * 24 * 3600_000));
    projects.push({
      id: projectId,
      key: newPublicKey(),
      accountId: home.accountId,
      workspaceId: home.workspaceId,
      title: name,
      description: `Website of a ${business} in ${place}.`,
      tags: [...business.split(' '), place.toLowerCase()],
      theme,
      breakpoints,
      createdAt: updatedAt,
      updatedAt,
    });
    for (let order = 0; order < pagesPerProject; order++) {
      const pageId = randomUUID();
      const title = order === 0 ? 'Home' : extraPages[(order - 1) % extraPages.length];
      const round = Math.floor((order - 1) / extraPages.length);
      pages.push({
        id: pageId,
        key: newPublicKey(),
        projectId,
        title,
        path: order === 0 ? '' : `${title.toLowerCase()}${round > 0 ? `-${round + 1}` : ''}`,
        order,
        isHome: order === 0,
      });
      for (let position = 0; position < sectionsPerPage; position++) {
        const hero = order === 0 && position === 0;
        sections.push({
          key: newPublicKey(),
          pageId,
          order: position,
          title: hero ? 'Hero' : pick(headings),
          type: hero ? 'hero' : 'text',
          tree: asJson(
            hero
              ? textTree(`Welcome to ${name}`, `The ${business} in the heart of ${place}. ${pick(pitches)}`)
              : textTree(title, `${name}: ${pick(pitches)}`),
          ),
        });
      }
    }
  }
  await prisma.project.createMany({ data: projects });
  await prisma.page.createMany({ data: pages });
  await prisma.section.createMany({ data: sections });
  // Statistics first: without them the planner reads every page and section for each project it indexes.
  await prisma.$executeRawUnsafe('ANALYZE "Project", "Page", "Section"');
  await prisma.$executeRaw`SELECT refresh_project_search(id) FROM "Project"`;
  // A live database has its planner statistics and a merged GIN pending list (autovacuum): so should this.
  await prisma.$executeRawUnsafe('VACUUM ANALYZE');
}
