// The view of check_implementation: per breakpoint, the design and the implementation one over the other
// with a slider between them, and the difference beside them; the scores and the worst mismatches below.
import { type CheckPictures, checkPicturesMeta } from '../view-data.js';
import { el, notice, show } from './kit/dom.js';
import { connectView, createView } from './kit/view-app.js';

interface CheckResult {
  overall: number;
  breakpoints: { name: string; width: number; score: number }[];
  mismatches: {
    elementKey: string | null;
    breakpoint: string;
    kind: string;
    expected: string;
    found: string;
  }[];
}

interface Shown {
  name: string;
  width: number;
  score: number;
  design: string;
  implementation: string;
  difference: string | null;
}

const app = createView('check');
let selected = '';

app.ontoolinput = () => show(notice('Checking the implementation…'));
app.ontoolresult = (result) => {
  const answer = result.structuredContent as CheckResult | undefined;
  const pictures = result._meta?.[checkPicturesMeta] as CheckPictures | undefined;
  if (result.isError || !answer || !pictures) {
    const text = result.content?.map((block) => (block.type === 'text' ? block.text : '')).join(' ');
    show(notice(text || 'Folio could not check this implementation.', 'error'));
    return;
  }
  // The diff overlays follow the answer's JSON, one per breakpoint in the answer's order.
  const overlays = (result.content ?? []).flatMap((block) =>
    block.type === 'image' ? [`data:${block.mimeType};base64,${block.data}`] : [],
  );
  const shown = answer.breakpoints.map((breakpoint, index): Shown => {
    const picture = pictures.find((p) => p.breakpoint === breakpoint.name);
    return {
      ...breakpoint,
      design: `data:image/jpeg;base64,${picture?.design ?? ''}`,
      implementation: `data:image/jpeg;base64,${picture?.implementation ?? ''}`,
      difference: overlays[index] ?? null,
    };
  });
  if (!shown.some((b) => b.name === selected)) selected = shown[0]?.name ?? '';
  render(answer, shown);
};

function render(answer: CheckResult, breakpoints: Shown[]): void {
  const stage = el('div', { class: 'check-stage' });
  const buttons = breakpoints.map((breakpoint) => {
    const button = el(
      'button',
      {
        type: 'button',
        'data-breakpoint': breakpoint.name,
        'aria-pressed': String(breakpoint.name === selected),
      },
      `${breakpoint.name} ${breakpoint.width} · ${percent(breakpoint.score)}`,
    );
    button.addEventListener('click', () => {
      selected = breakpoint.name;
      for (const other of buttons) other.setAttribute('aria-pressed', String(other === button));
      stage.replaceChildren(comparison(breakpoint, answer));
    });
    return button;
  });
  stage.append(
    comparison(
      breakpoints.find((b) => b.name === selected)!,
      answer,
    ),
  );
  show(
    el(
      'header',
      { class: 'heading' },
      el('h1', {}, 'Implementation check'),
      el('small', { class: 'overall' }, `overall ${percent(answer.overall)}`),
    ),
    el(
      'div',
      { class: 'toolbar' },
      el('div', { class: 'widths', role: 'group', 'aria-label': 'Breakpoint' }, ...buttons),
    ),
    stage,
  );
}

/** Design under implementation, the slider uncovering one or the other; the difference beside them. */
function comparison(breakpoint: Shown, answer: CheckResult): HTMLElement {
  const implementation = el('img', {
    class: 'implementation',
    src: breakpoint.implementation,
    alt: `Implementation at ${breakpoint.name}`,
  });
  const slider = el('input', {
    type: 'range',
    min: '0',
    max: '100',
    value: '50',
    'aria-label': 'Design ← → implementation',
  });
  const reveal = () => implementation.style.setProperty('clip-path', `inset(0 0 0 ${slider.value}%)`);
  slider.addEventListener('input', reveal);
  reveal();
  const mismatches = answer.mismatches.filter((m) => m.breakpoint === breakpoint.name).slice(0, 8);
  return el(
    'div',
    { class: 'check', 'data-breakpoint': breakpoint.name },
    el(
      'figure',
      { class: 'compare' },
      el(
        'div',
        { class: 'layers' },
        el('img', { class: 'design', src: breakpoint.design, alt: `Design at ${breakpoint.name}` }),
        implementation,
      ),
      slider,
      el('figcaption', {}, el('span', {}, 'Design'), el('span', {}, 'Implementation')),
    ),
    breakpoint.difference
      ? el(
          'figure',
          { class: 'difference' },
          el('img', { src: breakpoint.difference, alt: `Difference at ${breakpoint.name}` }),
          el('figcaption', {}, 'Difference (red: pixels that differ)'),
        )
      : null,
    el(
      'ul',
      { class: 'mismatches' },
      ...mismatches.map((m) =>
        el(
          'li',
          {},
          el('strong', {}, m.kind),
          ` ${m.elementKey ?? 'extra element'}: expected ${m.expected}, found ${m.found}`,
        ),
      ),
    ),
  );
}

const percent = (score: number) => `${Math.round(score * 100)} %`;

show(notice('Waiting for a check…'));
await connectView(app);
