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
   * The screenshot of each of these sections as it renders now (`hash`: its capture document's), by
   * section key; a section not captured as it is now shows its newest saved version's screenshot (a draft
   * written before screenshots followed content, or one changed seconds ago, whose capture is on its way).
   */
  async screenshotUrls(
    projectId: string,
    sections: readonly { sectionKey: string; hash: string }[],
  ): Promise<Map<string, string>> {
    if (sections.length === 0) return new Map();
    const [current, saved] = await Promise.all([
      this.prisma.contentScreenshot.findMany({
        where: { projectId, hash: { in: sections.map((section) => section.hash) } },
        select: { hash: true, url: true },
      }),
      this.savedScreenshotUrls(
        projectId,
        sections.map((section) => section.sectionKey),
      ),
    ]);
    const byHash = new Map(current.map((row) => [row.hash, row.url]));
    const urls = new Map<string, string>();
    for (const { sectionKey, hash } of sections) {
      const url = byHash.get(hash) ?? saved.get(sectionKey);
      if (url) urls.set(sectionKey, url);
    }
    return urls;
  }

  /** The newest ready screenshot of each of these sections over the project's saved versions. */
  private async savedScreenshotUrls(projectId: string, sectionKeys: string[]): Promise<Map<string, string>> {
    const rows = await this.prisma.$queryRaw<{ sectionKey: string; url: string }[]>`${keptPlan}
      SELECT DISTINCT ON (s."sectionKey") s."sectionKey", s.url
      FROM "SectionScreenshot" s
      JOIN "ProjectVersion" v ON v.id = s."versionId"
      WHERE v."projectId" = ${projectId}::uuid AND s."sectionKey" = ANY(${sectionKeys}::text[])
        AND s.status = 'ready' AND s.url IS NOT NULL
      ORDER BY s."sectionKey", v.number DESC`;
    return new Map(rows.map((row) => [row.sectionKey, row.url]));
  }
}
