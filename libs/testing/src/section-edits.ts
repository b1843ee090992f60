// Draft edits of a project's first section, written through ProjectWriter as an editor's save writes them
// (a new revision with each).
import { type Element, type Interaction, type SectionStyles, walkElements } from '#folio/content';
import { type PrismaClient } from '#folio/db';
import { type DraftAuthor, ProjectWriter } from '#folio/projects';

/** The first text element with text of a section tree. */
export function firstText(tree: Element): Element {
  return [...walkElements(tree)].find((element) => element.type === 'text' && element.text)!;
}

/** What an edit may change of a section, in place. */
export interface EditableSection {
  title: string;
  tree: Element;
  styles: SectionStyles;
  /** The raw content model the section was made from. */
  model: object | null;
}

/**
 * Changes the first section of the project's home page with `edit` (which changes it in place) and saves it
 * as the project's creator; returns a function that saves the section as it was before.
 */
export async function editFirstSection(
  prisma: PrismaClient,
  projectId: string,
  edit: (section: EditableSection) => void,
): Promise<() => Promise<void>> {
  const { createdBy } = await prisma.project.findUniqueOrThrow({
    where: { id: projectId },
    select: { createdBy: { select: { id: true, name: true } } },
  });
  const author: DraftAuthor = {
    kind: 'person',
    name: createdBy!.name,
    userId: createdBy!.id,
    apiKeyId: null,
  };
  const section = await prisma.section.findFirstOrThrow({
    where: { page: { projectId, isHome: true } },
    orderBy: { order: 'asc' },
  });
  const original: EditableSection = {
    title: section.title,
    tree: section.tree as unknown as Element,
    styles: section.styles as SectionStyles,
    model: section.model as object | null,
  };
  const edited = structuredClone(original);
  edit(edited);
  const save = (saved: EditableSection) =>
    prisma.$transaction(async (tx) => {
      const writer = new ProjectWriter();
      await writer.updateSections(tx, [
        {
          ...saved,
          id: section.id,
          order: section.order,
          type: section.type,
          interactions: section.interactions as Interaction[],
        },
      ]);
      await writer.newRevision(tx, projectId, { author, summary: 'changed 1 section' });
    });
  await save(edited);
  return () => save(original);
}

/** Rewrites the first text of the project's first section (a draft edit); returns the text it had. */
export async function editFirstText(prisma: PrismaClient, projectId: string, text: string): Promise<string> {
  let before = '';
  await editFirstSection(prisma, projectId, ({ tree }) => {
    const element = firstText(tree);
    before = element.text!;
    element.text = text;
  });
  return before;
}
