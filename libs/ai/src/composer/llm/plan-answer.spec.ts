import { describe, expect, it } from '@jest/globals';
import { PlanRejectedError } from '../plan-check.js';
import { planOfAnswer } from './plan-answer.js';

interface ImageAnswer {
  elementKey: string;
  providedUrl: string | null;
  generatedPrompt: string | null;
  alt: string;
}
const image: ImageAnswer = { elementKey: 'img', providedUrl: null, generatedPrompt: null, alt: 'A kayak' };
const sectionWith = (images: ImageAnswer[]) => ({ sectionKey: 'hero', texts: [], images, icons: [] });

describe(planOfAnswer.name, () => {
  it('makes an image with a prompt a generated one, and drops an image with neither url nor prompt', () => {
    const plan = planOfAnswer({
      sections: [
        sectionWith([
          { ...image, generatedPrompt: '  A red kayak on a calm bay  ' },
          { ...image, elementKey: 'other' },
        ]),
      ],
    });

    expect(plan.sections[0].fills).toEqual([
      {
        elementKey: 'img',
        kind: 'image',
        image: { source: 'generated', prompt: 'A red kayak on a calm bay', alt: 'A kayak' },
      },
    ]);
  });

  it('rejects an answer that the section plan does not allow, naming the first problem', () => {
    const tooLong = { ...image, generatedPrompt: 'x'.repeat(4_001) };

    expect(() => planOfAnswer({ sections: [] })).toThrow(
      /^The AI provider's answer was not a valid page plan: sections: .+\.$/,
    );
    expect(() => planOfAnswer({ sections: [sectionWith([tooLong])] })).toThrow(
      /^The AI provider's answer was not a valid page plan: sections\.0\.fills\.0\.image\.prompt: .+\.$/,
    );
    expect(() => planOfAnswer({ sections: [] })).toThrow(PlanRejectedError);
  });
});
