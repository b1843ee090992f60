import { type BlobType } from '#folio/storage';

export interface ImageRequest {
  /** What to draw; the caller's imageStyle leads it when one was given. */
  prompt: string;
  width: number;
  height: number;
}

export interface GeneratedImage {
  bytes: Uint8Array;
  type: BlobType;
  /** The image's own size, which may differ from the one asked for. */
  width: number;
  height: number;
}

/** Draws the image for a generated asset (a Nest provider token as well as the interface). */
export abstract class ImageGenerator {
  abstract generate(request: ImageRequest, signal: AbortSignal): Promise<GeneratedImage>;
}
