/** A create-from-template body for the demo's Launch Kit template: every section type, caller ids throughout. */
const sectionTypes = [
  (s: string) => ({
    _type: 'hero',
    title: `Headline ${s}`,
    subtitle: `Subtitle ${s}`,
    image: 'https://images.example.com/a.jpg',
    '--accent': '#E4572E',
    ctaLabel: 'Go',
    ctaUrl: '/go',
  }),
  (s: string) => ({
    _type: 'body',
    heading: `Heading ${s}`,
    content: `<p>Paragraph ${s} with <strong>bold</strong>.</p>`,
  }),
  (s: string) => ({ _type: 'quote', quote: `“Quote ${s}”`, author: `Author ${s}` }),
  (s: string) => ({
    _type: 'gallery',
    heading: `Gallery ${s}`,
    image1: 'https://images.example.com/g.jpg',
  }),
];

export interface LaunchKitShape {
  pages: number;
  sectionsPerPage: number;
}

/** The same project id with a new `revision` changes every text: an update of every page and section. */
export function launchKitProject(projectId: string, revision: number, shape: LaunchKitShape) {
  return {
    id: projectId,
    title: `Bench ${projectId}`,
    pinned: { announcement: { message: `Announcement r${revision}` } },
    pages: Array.from({ length: shape.pages }, (_, p) => ({
      id: `page-${p}`,
      title: `Page ${p}`,
      pinned: p === 0 ? ['announcement'] : [],
      data: Array.from({ length: shape.sectionsPerPage }, (_, s) => ({
        id: `section-${s}`,
        ...sectionTypes[s % sectionTypes.length](`p${p}s${s} r${revision}`),
      })),
    })),
  };
}
