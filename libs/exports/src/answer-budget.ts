// What one answer to an agent may cost. Claude Code refuses a tool result over 25,000 tokens; these
// limits keep every answer well under that, whatever the arguments.

/** Bytes of text content in one answer (≈ 20,000 tokens at 4 bytes a token). */
export const answerTextBytes = 80_000;

/** Estimated tokens of one answer: its text at 4 bytes a token plus its images. */
export const answerTokens = 20_000;

/** Tokens a model spends on an image, as Anthropic documents it: width × height / 750. */
export function imageTokens(width: number, height: number): number {
  return Math.ceil((width * height) / 750);
}

export const textTokens = (bytes: number) => Math.ceil(bytes / 4);
