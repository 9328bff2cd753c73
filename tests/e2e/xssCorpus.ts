import { expect, type Page } from '@playwright/test';

/**
 * XSS payloads: script tags, event-handler attributes, javascript:/data: URLs, SVG and
 * MathML vectors, mutation XSS. Each calls `__hit(n)` when it runs and carries a visible marker
 * text `SAFE-n` that must survive sanitizing.
 */
const TEMPLATES: ((call: string) => string)[] = [
  (c) => `<script>${c}</script>`,
  (c) => `<img src=x onerror=${c}>`,
  (c) => `<img src="x" onerror="${c}">`,
  (c) => `<svg onload=${c}></svg>`,
  (c) => `<svg><script>${c}</script></svg>`,
  (c) => `<svg><animate onbegin=${c} attributeName=x dur=1s>`,
  (c) => `<svg><a xlink:href="javascript:${c}"><text x=20 y=20>x</text></a></svg>`,
  (c) => `<math><mi xlink:href="javascript:${c}">x</mi></math>`,
  (c) => `<math><mtext><table><mglyph><style><img src=x onerror=${c}></style></mglyph></table></mtext></math>`,
  (c) => `<a href="javascript:${c}">link</a>`,
  (c) => `<a href="JaVaScRiPt:${c}">link</a>`,
  (c) => `<a href="&#106;avascript:${c}">link</a>`,
  (c) => `<a href="  javascript:${c}">link</a>`,
  (c) => `<a href="data:text/html;base64,${btoa(`<script>${c}</script>`)}">link</a>`,
  (c) => `<iframe src="javascript:${c}"></iframe>`,
  (c) => `<iframe srcdoc="<script>parent.${c}</script>"></iframe>`,
  (c) => `<body onload=${c}>`,
  (c) => `<input autofocus onfocus=${c}>`,
  (c) => `<details open ontoggle=${c}>x</details>`,
  (c) => `<video><source onerror=${c}></video>`,
  (c) => `<audio src=x onerror=${c}></audio>`,
  (c) => `<object data="javascript:${c}"></object>`,
  (c) => `<embed src="javascript:${c}">`,
  (c) => `<form><button formaction="javascript:${c}">go</button></form>`,
  (c) => `<div style="background:url(javascript:${c})">bg</div>`,
  (c) => `<marquee onstart=${c}>m</marquee>`,
  (c) => `<noscript><p title="</noscript><img src=x onerror=${c}>"></noscript>`,
  (c) => `<svg><style><img src=x onerror=${c}></style></svg>`,
  (c) => `<img src="data:image/svg+xml,<svg onload=${c}>">`,
  (c) => `<meta http-equiv="refresh" content="0;url=javascript:${c}">`,
  (c) => `<base href="javascript:${c}//">`,
  (c) => `<x onclick=${c} style="display:block">click</x>`,
  (c) => `<img src=x onerror="eval('${c}')">`,
  (c) => `<span class="follow-up bg-yellow-200" onmouseover=${c}>hover</span>`,
  (c) => `<table background="javascript:${c}"><tr><td onmouseover=${c}>t</td></tr></table>`,
  (c) => `<div><template><img src=x onerror=${c}></template></div>`,
  (c) => `<select><option><img src=x onerror=${c}></option></select>`,
  (c) => `<style>@import 'javascript:${c}';</style>`,
  (c) => `<textarea><img src=x onerror=${c}></textarea>`,
  (c) => `<svg><foreignObject><iframe srcdoc="<script>parent.${c}</script>"></iframe></foreignObject></svg>`,
  (c) => `<img src=x onerror=${c}//`,
  (c) => `<<script>${c}//<</script>`,
  (c) => `<img """><script>${c}</script>">`,
  (c) => `<a href="vbscript:${c}">vb</a>`,
];

/** At least 100 payloads: every template with three different calls (direct, via setTimeout, via location). */
export function xssPayloads(): { id: number; html: string; marker: string }[] {
  const out: { id: number; html: string; marker: string }[] = [];
  let id = 0;
  for (const template of TEMPLATES) {
    for (const call of [(n: number) => `__hit(${n})`, (n: number) => `setTimeout(()=>__hit(${n}))`, (n: number) => `top['__hit'](${n})`]) {
      id += 1;
      out.push({ id, html: `<p>SAFE-${id}</p>${template(call(id))}`, marker: `SAFE-${id}` });
    }
  }
  return out;
}

/**
 * Init script for pages under test: record any payload that runs. The tests bypass the CSP, so a
 * payload the sanitizer let through would really run and be recorded here. (Under the CSP, Chromium
 * reports every inline handler it *parses*, even in DOMPurify's inert document, so CSP reports
 * cannot tell a sanitizer miss from the sanitizer doing its job.)
 */
export const XSS_HOOK = () => {
  const w = window as unknown as { __hits: string[]; __hit: (n: number) => void };
  w.__hits = [];
  w.__hit = (n) => w.__hits.push(`ran ${n}`);
  for (const name of ['alert', 'confirm', 'prompt'] as const) {
    (window as unknown as Record<string, unknown>)[name] = () => w.__hits.push(name);
  }
};

/**
 * Scan for markup that should never survive sanitizing (script-like elements, on* attributes,
 * script URLs in href/src/action/data), in the live page or, given `html` strings, in those parsed.
 * CSS `url(javascript:)` is not listed: browsers do not run it.
 */
export const DANGEROUS_MARKUP_SCAN = (html?: string[]) => {
  const found: string[] = [];
  const roots = html
    ? html.map((h) => new DOMParser().parseFromString(h, 'text/html').body)
    : Array.from(document.querySelectorAll('.bn-editor, .replay-view, .history-dialog'));
  for (const el of roots.flatMap((root) => Array.from(root.querySelectorAll('*')))) {
    if (el.tagName === 'SCRIPT' || el.tagName === 'IFRAME' || el.tagName === 'OBJECT' || el.tagName === 'EMBED') found.push(el.tagName);
    for (const attr of Array.from(el.attributes)) {
      if (/^on/i.test(attr.name)) found.push(`${el.tagName} ${attr.name}`);
      if (/^\s*(javascript|vbscript|data:text)/i.test(attr.value) && /href|src|action|data/i.test(attr.name))
        found.push(`${el.tagName} ${attr.name}=${attr.value.slice(0, 30)}`);
    }
  }
  return found;
};

/** No payload ran (`__hit` never called, after 300 ms for timer-based ones) and the page holds no dangerous markup. */
export async function expectNothingRan(page: Page): Promise<void> {
  await page.waitForTimeout(300); // let setTimeout-based payloads fire if they could
  expect(await page.evaluate(() => (window as unknown as { __hits: string[] }).__hits)).toEqual([]);
  expect(await page.evaluate(DANGEROUS_MARKUP_SCAN, undefined)).toEqual([]);
}
