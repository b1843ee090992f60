// The JavaScript an embed URL answers with: it mounts pre-rendered HTML and CSS on the host page.
import { type Interaction } from '#folio/content';
import { interactionsRuntime } from '#folio/render';

export interface EmbedScriptData {
  /**
   * Names the mount (`data-folio-embed`), e.g. `<projectKey>/<pageKey>`, followed by the instance suffix
   * (`<projectKey>/<pageKey>-2` for the second light-DOM embed of that project on the host page).
   */
  id: string;
  html: string;
  /** Styles of the embed; inside the shadow root with `shadowdom`. */
  css: string;
  /** `@font-face` rules: fonts declared inside a shadow root are ignored, so these go to the document. */
  fontCss?: string;
  shadowdom?: boolean;
  target?: string;
  /** Played by the renderer's interactions runtime, with the embed's root (shadow root or host) as scope. */
  interactions?: Interaction[];
  /**
   * Light-DOM embeds: `html` and `css` hold `mark` wherever the instance suffix belongs (ids, id selectors,
   * same-page links, root class, host selector; see the renderer's `idSuffix`). Each mount replaces it with
   * '' when it is the first of its `group` (the project: pinned sections repeat their ids on every page)
   * on the host page, else with `-<n>`; interactions look their elements up with that suffix too.
   */
  instances?: { mark: string; group: string };
  /** Logged with console.warn (unpublished project, unknown page, bad options). */
  warning?: string;
}

/**
 * A classic script (no modules, no eval: it runs under strict host CSPs) that renders `data` in place of
 * its own `<script>` tag — found through document.currentScript, which async scripts also have — or into
 * the element `target` (or the tag's `data-target`) names, once the document has it. Several embeds of one
 * project on one page number themselves (see `instances`) so that their ids and styles stay apart.
 */
export function embedScript(data: EmbedScriptData): string {
  const play = data.interactions?.length ? interactionsRuntime : 'null';
  // The opening comment names no project or page: only json() may put data into the script.
  return `/* Folio embed */
(function () {
  "use strict";
  var embed = ${json(data)};
  var play = ${play};
  var tag = document.currentScript;
  var selector = embed.target || (tag && tag.getAttribute("data-target")) || "";
  if (embed.warning) console.warn("Folio embed: " + embed.warning);
  function find() {
    try { return document.querySelector(selector); } catch (error) { return null; }
  }
  function mount() {
    var slot = selector ? find() : null;
    if (selector && !slot) {
      console.warn("Folio embed: nothing on this page matches the target " + JSON.stringify(selector) + ".");
      return;
    }
    var suffix = "";
    if (embed.instances) {
      var counts = window.__folioEmbedInstances;
      if (!counts || typeof counts !== "object") counts = window.__folioEmbedInstances = Object.create(null);
      var n = (counts[embed.instances.group] || 0) + 1;
      counts[embed.instances.group] = n;
      if (n > 1) suffix = "-" + n;
    }
    function instance(text) {
      return embed.instances ? text.split(embed.instances.mark).join(suffix) : text;
    }
    var host = document.createElement("div");
    host.setAttribute("data-folio-embed", embed.id + suffix);
    if (slot) slot.replaceChildren(host);
    else if (tag && tag.parentNode && tag.parentNode !== document.head) tag.parentNode.insertBefore(host, tag);
    else document.body.appendChild(host);
    var root = embed.shadowdom && host.attachShadow ? host.attachShadow({ mode: "open" }) : host;
    if (embed.fontCss && !hasFonts()) {
      var fonts = document.createElement("style");
      fonts.setAttribute("data-folio-fonts", embed.id);
      fonts.textContent = embed.fontCss;
      document.head.appendChild(fonts);
    }
    var style = document.createElement("style");
    style.textContent = instance(embed.css);
    root.appendChild(style);
    var template = document.createElement("template");
    template.innerHTML = instance(embed.html);
    root.appendChild(template.content);
    if (play) play(root, embed.interactions, suffix);
  }
  // Another embed of the project may have declared the same fonts in the document already.
  function hasFonts() {
    var styles = document.head.querySelectorAll("style[data-folio-fonts]");
    for (var i = 0; i < styles.length; i++) if (styles[i].textContent === embed.fontCss) return true;
    return false;
  }
  if (selector && document.readyState === "loading" && !find()) document.addEventListener("DOMContentLoaded", mount);
  else mount();
})();
`;
}

/** JSON that is also safe inside an HTML `<script>` element, should a host inline the script. */
function json(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
