// Drives Debian's Firefox ESR with puppeteer-core (WebDriver BiDi: no geckodriver) for
// tests/web/engines.py: one JSON command per line on stdin, one JSON answer per line on stdout
// ({"value": ...} or {"error": "..."}). Commands: version, goto, reload, click, select, fill,
// evaluate, errors, screenshot, close. Firefox's page errors and console errors are kept for `errors`.
//
//   node engines_firefox.mjs PUPPETEER_CORE_DIR FIREFOX_BINARY '[width, height]'
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

const [puppeteerDir, firefox, windowSize] = process.argv.slice(2);
const { default: puppeteer } = await import(
  pathToFileURL(`${puppeteerDir}/lib/puppeteer/puppeteer-core.js`).href);
const [width, height] = JSON.parse(windowSize);

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: firefox,
  headless: true,
});
const page = await browser.newPage();
await page.setViewport({ width, height });
const errors = [];
page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
page.on("console", (message) => {
  if (message.type() === "error") errors.push(`console.error: ${message.text()}`);
});

const commands = {
  version: () => browser.version(),
  goto: ({ url, timeout }) => page.goto(url, { timeout }).then(() => null),
  reload: ({ timeout }) => page.reload({ timeout }).then(() => null),
  click: ({ selector }) => page.click(selector),
  select: ({ selector, value }) => page.select(selector, value).then(() => null),
  fill: async ({ selector, text }) => {
    await page.click(selector, { count: 3 });        // select what is there, then type over it
    await page.keyboard.press("Backspace");
    await page.type(selector, text);
  },
  evaluate: ({ expression }) => page.evaluate(expression),
  errors: () => errors,
  screenshot: ({ path }) => page.screenshot({ path }).then(() => null),
  close: () => browser.close(),
};

const answer = (value) => process.stdout.write(JSON.stringify(value) + "\n");
for await (const line of createInterface({ input: process.stdin })) {
  const { op, ...args } = JSON.parse(line);
  try {
    const value = await commands[op](args);
    answer({ value: value === undefined ? null : value });
  } catch (error) {
    answer({ error: String(error && error.stack || error) });
  }
  if (op === "close") break;
}
await browser.close().catch(() => {});
