// Every page of the built documentation site at a 1280 px wide window: how many code blocks and
// tables are wider than their box (a reader would see them clipped, with a scroll bar), and every
// request the pages make to another host (the site must make none).
//
//   mkdocs build --strict --site-dir /tmp/site && python -m http.server -d /tmp/site 8037 &
//   npm install playwright-core            # the browser driver only; the browser is the system's
//   node tools/check_overflow.mjs http://127.0.0.1:8037/ [--chromium /usr/bin/chromium] [--shots DIR]
//
// Prints one line per page and exits 1 when anything overflows or a request leaves the host.
// --shots DIR also saves the screenshots the manual's review asks for (front page, Getting started,
// Concepts, Operating a run's status example, one option's anchor in the CLI reference).

import { chromium } from "playwright-core";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

const WIDTH = 1280;
const HEIGHT = 900;

function options(argv) {
  const out = { base: null, browser: "/usr/bin/chromium", shots: null };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--chromium") out.browser = argv[++i];
    else if (argv[i] === "--shots") out.shots = argv[++i];
    else out.base = argv[i];
  }
  if (!out.base) throw new Error("give the site's URL, e.g. http://127.0.0.1:8037/");
  if (!out.base.endsWith("/")) out.base += "/";
  return out;
}

// The pages: the front page and every page its navigation links to.
async function pagesOf(page, base) {
  await page.goto(base, { waitUntil: "load" });
  const hrefs = await page.$$eval("a.md-nav__link[href]", (as) => as.map((a) => a.href));
  const seen = new Set([base]);
  for (const h of hrefs) {
    const url = h.split("#")[0];
    if (url.startsWith(base)) seen.add(url);
  }
  return [...seen];
}

// Code blocks and tables of the page, and those wider than their box.
async function measure(page) {
  return page.evaluate(() => {
    const over = (el) => el.scrollWidth > el.clientWidth + 1;
    // the theme scrolls a code block's <code>, not its <pre>: either being wider than its box clips
    const blockOver = (pre) => over(pre) || [...pre.querySelectorAll("code")].some(over);
    const blocks = [...document.querySelectorAll(".md-content pre")];
    const tables = [...document.querySelectorAll(".md-content table")];
    const wraps = [...document.querySelectorAll(".md-content .md-typeset__table, .md-content .md-typeset__scrollwrap")];
    const name = (el) => (el.innerText || "").trim().split("\n")[0].slice(0, 60);
    return {
      blocks: blocks.length,
      tables: tables.length,
      blocksOver: blocks.filter(blockOver).map(name),
      tablesOver: tables.filter((t) => over(t)).map(name).concat(wraps.filter(over).map(name)),
    };
  });
}

async function shots(page, base, dir) {
  mkdirSync(dir, { recursive: true });
  const taken = [];
  const take = async (path, file, opts = {}) => {
    await page.goto(base + path, { waitUntil: "load" });
    await page.evaluate(() => document.fonts.ready);
    if (opts.selector) {
      let el = page.locator(opts.selector);
      el = (opts.hasText ? el.filter({ hasText: opts.hasText }) : el).first();
      await el.scrollIntoViewIfNeeded();
      await el.screenshot({ path: join(dir, file) });
    } else {
      await page.screenshot({ path: join(dir, file), fullPage: !!opts.full });
    }
    taken.push(join(dir, file));
  };
  await take("", "front.png");
  await take("getting-started/", "getting-started.png");
  await take("concepts/", "concepts.png");
  await take("operating/#status", "operating-status.png", { selector: "#status ~ div.highlight" });
  await take("cli/#prepare--model", "cli-anchor.png");
  await take("pii/", "pii-korean.png", { selector: ".md-content table", hasText: "주민" });
  return taken;
}

async function main() {
  const o = options(process.argv.slice(2));
  const browser = await chromium.launch({
    executablePath: o.browser,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
  const host = new URL(o.base).host;
  const outside = new Set();
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (!["data:", "blob:"].includes(u.protocol) && u.host !== host) outside.add(r.url());
  });
  let bad = 0;
  let blocks = 0;
  let tables = 0;
  for (const url of await pagesOf(page, o.base)) {
    await page.goto(url, { waitUntil: "load" });
    await page.evaluate(() => document.fonts.ready);
    const m = await measure(page);
    blocks += m.blocks;
    tables += m.tables;
    const over = m.blocksOver.length + m.tablesOver.length;
    bad += over;
    const path = url.slice(o.base.length) || "(front page)";
    console.log(`${path}: ${m.blocks} code blocks, ${m.tables} tables, ${over} overflow at ${WIDTH} px` +
      (over ? ` — ${[...m.blocksOver, ...m.tablesOver].map((t) => JSON.stringify(t)).join(", ")}` : ""));
  }
  console.log(`all pages: ${blocks} code blocks, ${tables} tables, ${bad} overflow; ` +
    `${outside.size} request(s) to another host${outside.size ? ": " + [...outside].join(" ") : ""}`);
  if (o.shots) for (const f of await shots(page, o.base, o.shots)) console.log(`screenshot: ${f}`);
  await browser.close();
  process.exit(bad || outside.size ? 1 : 0);
}

main().catch((e) => {
  console.error(`check_overflow: ${e.message}`);
  process.exit(2);
});
