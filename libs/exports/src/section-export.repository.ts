import { Injectable } from '@nestjs/common';
import { keptPlan, PrismaService } from '#folio/db';

/** What the section export reads beyond the project snapshot. */
@Injectable()
export class SectionExportRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The project's latest saved version number, null when it was never saved. */
  async latestVersionNumber(projectId: string): Promise<number | null> {
    const [latest] = await this.prisma.$queryRaw<{ number: number | null }[]>`${keptPlan}
      SELECT max(number) AS number FROM "ProjectVersion" WHERE "projectId" = ${projectId}::uuid`;
    return latest.number;
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

  /**
   * The newest ready screenshot of each of these sections over the project's saved versions, by section key
   * (a section changed since its last save shows how it looked then).
   */
  async screenshotUrls(projectId: string, sectionKeys: readonly string[]): Promise<Map<string, string>> {
    if (sectionKeys.length === 0) return new Map();
    const rows = await this.prisma.$queryRaw<{ sectionKey: string; url: string }[]>`${keptPlan}
      SELECT DISTINCT ON (s."sectionKey") s."sectionKey", s.url
      FROM "SectionScreenshot" s
      JOIN "ProjectVersion" v ON v.id = s."versionId"
      WHERE v."projectId" = ${projectId}::uuid AND s."sectionKey" = ANY(${[...sectionKeys]}::text[])
        AND s.status = 'ready' AND s.url IS NOT NULL
      ORDER BY s."sectionKey", v.number DESC`;
    return new Map(rows.map((row) => [row.sectionKey, row.url]));
  }
}
