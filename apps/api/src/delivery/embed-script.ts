// The JavaScript an embed URL answers with: it mounts pre-rendered HTML and CSS on the host page.
import { type Interaction } from '#folio/content';
import { interactionsRuntime } from '#folio/render';

export interface EmbedScriptData {
  /** Names the mount (`data-folio-embed`), e.g. `<projectKey>/<pageKey>`. */
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
  /** Logged with console.warn (unpublished project, unknown page, bad options). */
  warning?: string;
}

/**
 * A classic script (no modules, no eval: it runs under strict host CSPs) that renders `data` in place of
 * its own `<script>` tag — found through document.currentScript, which async scripts also have — or into
 * the element `target` (or the tag's `data-target`) names, once the document has it.
 */
export function embedScript(data: EmbedScriptData): string {
  const play = data.interactions?.length ? interactionsRuntime : 'null';
  return `/* Folio embed ${data.id} */
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
    var host = document.createElement("div");
    host.setAttribute("data-folio-embed", embed.id);
    if (slot) slot.replaceChildren(host);
    else if (tag && tag.parentNode && tag.parentNode !== document.head) tag.parentNode.insertBefore(host, tag);
    else document.body.appendChild(host);
    var root = embed.shadowdom && host.attachShadow ? host.attachShadow({ mode: "open" }) : host;
    if (embed.fontCss) {
      var fonts = document.createElement("style");
      fonts.setAttribute("data-folio-fonts", embed.id);
      fonts.textContent = embed.fontCss;
      document.head.appendChild(fonts);
    }
    var style = document.createElement("style");
    style.textContent = embed.css;
    root.appendChild(style);
    var template = document.createElement("template");
    template.innerHTML = embed.html;
    root.appendChild(template.content);
    if (play) play(root, embed.interactions);
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
