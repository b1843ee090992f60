/**
 * The interactions player shipped with rendered pages: a function expression
 * `(root, interactions, idSuffix)` that wires each interaction's trigger (click, hover, enterViewport, load)
 * on the element with that id (its key plus `idSuffix`, when the page was rendered with one) to Web
 * Animations of its targets. Written as plain browser JavaScript in a string so that no build step or
 * coverage instrumentation can change what the page runs. Honours prefers-reduced-motion.
 */
import { type Interaction } from '#folio/content';
import { scriptJson } from './html-escape.js';

export const interactionsRuntime = `function (root, interactions, idSuffix) {
  'use strict';
  root = root || document;
  idSuffix = idSuffix || '';
  if (typeof Element === 'undefined' || !('animate' in Element.prototype)) return;
  if (window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  var byId = function (key) {
    var id = String(key) + idSuffix;
    return root.getElementById ? root.getElementById(id) : root.querySelector('[id="' + id.replace(/"/g, '') + '"]');
  };
  var timingOf = function (timing) {
    var t = {};
    for (var k in timing) t[k] = timing[k];
    if (t.iterations === 'infinite') t.iterations = Infinity;
    return t;
  };
  var start = function () {
    interactions.forEach(function (interaction) {
      var trigger = byId(interaction.trigger.elementKey);
      if (!trigger) return;
      var steps = [];
      interaction.actions.forEach(function (action) {
        var el = byId(action.targetKey);
        if (el) steps.push({ el: el, keyframes: action.keyframes, timing: timingOf(action.timing), anim: null });
      });
      if (!steps.length) return;
      var create = function (step) {
        try { step.anim = step.el.animate(step.keyframes, step.timing); } catch (e) { step.anim = null; }
        return step.anim;
      };
      var restart = function () {
        steps.forEach(function (step) { if (step.anim) step.anim.cancel(); create(step); });
      };
      var forward = function () {
        steps.forEach(function (step) {
          if (!step.anim) create(step);
          else if (step.anim.playbackRate < 0) { try { step.anim.reverse(); } catch (e) {} }
        });
      };
      var back = function () {
        steps.forEach(function (step) {
          if (step.anim && step.anim.playbackRate > 0) { try { step.anim.reverse(); } catch (e) { step.anim.cancel(); } }
        });
      };
      switch (interaction.trigger.type) {
        case 'load':
          restart();
          break;
        case 'click':
          trigger.addEventListener('click', restart);
          break;
        case 'hover':
          trigger.addEventListener('mouseenter', forward);
          trigger.addEventListener('mouseleave', back);
          trigger.addEventListener('focusin', forward);
          trigger.addEventListener('focusout', back);
          break;
        case 'enterViewport':
          if (typeof IntersectionObserver === 'undefined') { restart(); break; }
          // Hold the first frame until the trigger scrolls into view, so revealed content does not flash.
          steps.forEach(function (step) { if (create(step)) step.anim.pause(); });
          var observer = new IntersectionObserver(function (entries) {
            if (!entries.some(function (entry) { return entry.isIntersecting; })) return;
            observer.disconnect();
            steps.forEach(function (step) { if (step.anim) step.anim.play(); else create(step); });
          }, { threshold: 0.15 });
          observer.observe(trigger);
          break;
      }
    });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
}`;

/** The default root: the document or shadow root that holds the running script. */
const currentRoot = '(document.currentScript && document.currentScript.getRootNode()) || document';

/**
 * A script that plays `interactions` with the runtime. `rootExpression` is JavaScript evaluating to the
 * Document or ShadowRoot holding the elements (default: where the script itself runs); `idSuffix` is the
 * page's (see `RenderOptions.idSuffix`).
 */
export function interactionsScript(
  interactions: Interaction[],
  rootExpression = currentRoot,
  idSuffix = '',
): string {
  if (!interactions.length) return '';
  const suffix = idSuffix ? `, ${scriptJson(idSuffix)}` : '';
  return `(${interactionsRuntime})(${rootExpression}, ${scriptJson(interactions)}${suffix});`;
}
