/** Interaction presets (Web Animations keyframes) written with local element ids for `design()`. */
import { type Interaction } from '#folio/content';

const easeOut = 'cubic-bezier(0.22, 1, 0.36, 1)';

/** When `trigger` scrolls into view, each target fades and rises in, one after another. */
export function revealOnScroll(trigger: string, targets: string[], stagger = 90): Interaction {
  return {
    trigger: { type: 'enterViewport', elementKey: trigger },
    actions: targets.map((targetKey, i) => ({
      targetKey,
      keyframes: [
        { opacity: 0, transform: 'translateY(24px)' },
        { opacity: 1, transform: 'translateY(0)' },
      ],
      timing: { duration: 700, delay: i * stagger, easing: easeOut, fill: 'both' },
    })),
  };
}

/** On page load, the targets fade in and settle, staggered. */
export function introOnLoad(trigger: string, targets: string[], stagger = 80): Interaction {
  return {
    trigger: { type: 'load', elementKey: trigger },
    actions: targets.map((targetKey, i) => ({
      targetKey,
      keyframes: [
        { opacity: 0, transform: 'translateY(12px)', filter: 'blur(4px)' },
        { opacity: 1, transform: 'translateY(0)', filter: 'blur(0)' },
      ],
      timing: { duration: 800, delay: i * stagger, easing: easeOut, fill: 'both' },
    })),
  };
}

/** Hovering a card lifts it a little and deepens its shadow. */
export function hoverLift(card: string): Interaction {
  return {
    trigger: { type: 'hover', elementKey: card },
    actions: [
      {
        targetKey: card,
        keyframes: [
          { transform: 'translateY(0)' },
          {
            transform: 'translateY(-4px)',
            boxShadow: '0 18px 40px -18px color-mix(in srgb, var(--color-text) 35%, transparent)',
          },
        ],
        timing: { duration: 220, easing: easeOut, fill: 'forwards' },
      },
    ],
  };
}
