import { Injectable } from '@nestjs/common';
import { PrismaService } from '#folio/db';

/** What the section export reads beyond the project snapshot. */
@Injectable()
export class SectionExportRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The project's latest saved version number, null when it was never saved. */
  async latestVersionNumber(projectId: string): Promise<number | null> {
    const latest = await this.prisma.projectVersion.findFirst({
      where: { projectId },
      orderBy: { number: 'desc' },
      select: { number: true },
    });
    return latest?.number ?? null;
  }

  /** The raw content model of each of these sections of the project, by section key (null when it has none). */
  async sectionModels(projectId: string, sectionKeys: readonly string[]): Promise<Map<string, unknown>> {
    if (sectionKeys.length === 0) return new Map();
    const rows = await this.prisma.section.findMany({
      where: { key: { in: [...sectionKeys] }, page: { projectId } },
      select: { key: true, model: true },
    });
    return new Map(rows.map((row) => [row.key, row.model]));
  }
}
