// Draft edits of a project's first section, written through ProjectWriter as an editor's save writes them.
import { type Element, type Interaction, type SectionStyles, walkElements } from '#folio/content';
import { type PrismaClient } from '#folio/db';
import { ProjectWriter } from '#folio/projects';

/** The first text element with text of a section tree. */
export function firstText(tree: Element): Element {
  return [...walkElements(tree)].find((element) => element.type === 'text' && element.text)!;
}

/**
 * Changes the tree of the first section of the project's home page with `edit` (which changes the tree in
 * place) and saves it; returns a function that saves the tree as it was before.
 */
export async function editFirstSection(
  prisma: PrismaClient,
  projectId: string,
  edit: (tree: Element) => void,
): Promise<() => Promise<void>> {
  const section = await prisma.section.findFirstOrThrow({
    where: { page: { projectId, isHome: true } },
    orderBy: { order: 'asc' },
  });
  const original = section.tree as unknown as Element;
  const tree = structuredClone(original);
  edit(tree);
  const save = (saved: Element) =>
    prisma.$transaction((tx) =>
      new ProjectWriter().updateSections(tx, [
        {
          id: section.id,
          order: section.order,
          title: section.title,
          type: section.type,
          tree: saved,
          styles: section.styles as SectionStyles,
          interactions: section.interactions as Interaction[],
          model: section.model as object | null,
        },
      ]),
    );
  await save(tree);
  return () => save(original);
}

/** Rewrites the first text of the project's first section (a draft edit); returns the text it had. */
export async function editFirstText(prisma: PrismaClient, projectId: string, text: string): Promise<string> {
  let before = '';
  await editFirstSection(prisma, projectId, (tree) => {
    const element = firstText(tree);
    before = element.text!;
    element.text = text;
  });
  return before;
}
