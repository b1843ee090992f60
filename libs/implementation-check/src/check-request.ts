// What a check compares the design with, and what it answers.
import { type BreakpointScores, type Mismatch } from './breakpoint-comparison.js';

export type Implementation =
  { html: string } | { url: string } | { screenshots: { breakpoint: string; image: Buffer }[] };

export interface CheckRequest {
  projectKey: string;
  pageKey: string;
  sectionKey?: string;
  implementation: Implementation;
}

export interface CheckResult {
  projectKey: string;
  pageKey: string;
  sectionKey: string | null;
  /** The draft revision the design was rendered from. */
  revision: number;
  overall: number;
  breakpoints: BreakpointScores[];
  /** The worst first, at most `maxMismatches`. */
  mismatches: Omit<Mismatch, 'severity'>[];
}

export interface CheckAnswer {
  result: CheckResult;
  /** One diff overlay per breakpoint, in the order of `result.breakpoints`. */
  overlays: { breakpoint: string; png: Buffer; width: number; height: number }[];
  /** The design and the implementation per breakpoint as compared, at the overlays' size (JPEG), for the view. */
  pictures: { breakpoint: string; design: Buffer; implementation: Buffer }[];
}

export const maxMismatches = 30;
/** The answer's JSON stays under this many bytes (fewer mismatches are listed when needed). */
export const maxResultBytes = 7_500;
