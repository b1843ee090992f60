/** What went wrong while capturing a section, as short sentences for people; a bounded list. */
export class CaptureWarnings {
  static readonly max = 20;
  private readonly messages = new Set<string>();

  add(message: string): void {
    this.messages.add(message);
  }

  list(): string[] {
    const list = [...this.messages];
    const unlisted = list.length - CaptureWarnings.max;
    if (unlisted <= 0) return list;
    return [
      ...list.slice(0, CaptureWarnings.max),
      unlisted === 1 ? '1 more warning is not listed.' : `${unlisted} more warnings are not listed.`,
    ];
  }
}

/** A URL short enough for a warning. */
export function shortUrl(url: string): string {
  return url.length > 200 ? `${url.slice(0, 199)}…` : url;
}
