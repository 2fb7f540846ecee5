// Opens the interactive API reference (MOS_URL + "/docs") in headless Chromium the way a
// person does: the page must render offline (every request stays on the server's host), show
// the operations grouped by tag, take a bearer token through "Authorize", and "Try it out" on
// validateToken must show the server's 200. Fails on any page error or failed page request.
// Saves a full-page screenshot to build/docs.png (or DOCS_SCREENSHOT).
//
//   MOS_URL=http://127.0.0.1:8080 MOS_TOKEN=... node scripts/node/e2e/docs-check.mjs
//
// Chromium is Debian's (/usr/bin/chromium, scripts/ensure-chromium.sh); playwright-core never
// downloads a browser.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

const TAGS = ["Accounting codes", "Companies", "Auth"];
// [tag, operationId]: the page is opened at each through its deep link.
const OPERATIONS = [
  ["Accounting codes", "listAccountingCodes"],
  ["Accounting codes", "createAccountingCode"],
  ["Companies", "createCompany"],
  ["Auth", "validateToken"],
];
// A wait, not a speed check: rendering a tag of the growing document on a busy 2-core machine
// has taken over 15 s.
const TIMEOUT_MS = 45_000;

const base = new URL(requiredEnv("MOS_URL"));
const token = requiredEnv("MOS_TOKEN");
const screenshot = process.env.DOCS_SCREENSHOT || "build/docs.png";

const failures = [];
const fail = (msg) => failures.push(msg);

const userDataDir = await mkdtemp(join(tmpdir(), "mos-chromium-"));
// The network here is closed: without the background-networking flags Chromium keeps
// trying to reach Google's hosts at start-up.
const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
  viewport: { width: 1280, height: 900 },
});
context.setDefaultTimeout(TIMEOUT_MS);

const page = context.pages()[0] ?? (await context.newPage());
try {
  watch(page);
  await run(page);
  await page.screenshot({ path: screenshot, fullPage: true });
  log(`screenshot: ${screenshot}`);
} catch (err) {
  fail(`${err instanceof Error ? err.message : err}`);
  // What the page looked like when it went wrong.
  await page.screenshot({ path: screenshot, fullPage: true }).catch(() => {});
  console.error(`docs-check: screenshot of the failure: ${screenshot}`);
} finally {
  await context.close();
  await rm(userDataDir, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(`docs-check: ${failures.length} failure(s):\n- ${failures.join("\n- ")}`);
  process.exit(1);
}
console.log("docs-check: all checks passed");

/** Records what the page does that must fail the check: foreign hosts, errors, failed loads. */
function watch(page) {
  // "Offline" means nothing but the server itself: abort (and report) anything else, so a CDN
  // reference fails here instead of hanging on the closed network or passing on an open one.
  void page.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (isLocal(url)) return route.continue();
    fail(`request to another host: ${route.request().method()} ${url.href}`);
    return route.abort("blockedbyclient");
  });
  page.on("pageerror", (err) => fail(`page error: ${err.message}`));
  page.on("requestfailed", (req) => {
    if (isLocal(new URL(req.url()))) fail(`request failed: ${req.method()} ${req.url()} (${req.failure()?.errorText})`);
  });
  page.on("response", (res) => {
    // Only the page's own loads: the API calls made by "Try it out" are checked where they are made.
    const url = new URL(res.url());
    if (isLocal(url) && !url.pathname.startsWith("/api/auth/") && res.status() >= 400) {
      fail(`${res.request().method()} ${url.pathname} answered ${res.status()}`);
    }
  });
  page.on("console", (msg) => {
    if (msg.type() === "error") console.error(`docs-check: console error: ${msg.text()}`);
  });
}

function isLocal(url) {
  return url.protocol === "data:" || url.protocol === "blob:" || url.host === base.host;
}

async function run(page) {
  const docsURL = new URL("/docs", base).href;
  const res = await page.goto(docsURL, { waitUntil: "load" });
  if (!res || res.status() !== 200) throw new Error(`GET /docs answered ${res?.status()}`);
  // Let the first load finish fetching the document before the deep links below navigate.
  await page.locator(".swagger-ui .info").waitFor({ state: "visible" });
  log(`loaded ${docsURL}`);

  // A long document is rendered lazily (Swagger UI keeps only the tags near the viewport in
  // the page), so each tag and operation is opened through its deep link, as a reader
  // following a link to it would: "#/<tag>" and "#/<tag>/<operationId>".
  for (const tag of TAGS) {
    await openAt(page, docsURL, [tag]);
    await tagHeader(page, tag).waitFor({ state: "visible" });
  }
  log(`tags visible: ${TAGS.join(", ")}`);
  for (const [tag, id] of OPERATIONS) {
    await openAt(page, docsURL, [tag, id]);
    await operation(page, id).waitFor({ state: "visible" });
  }
  log(`operations visible: ${OPERATIONS.map(([, id]) => id).join(", ")}`);

  // Authorize with the bearer token.
  await page.locator(".auth-wrapper button.authorize").click();
  const modal = page.locator(".modal-ux");
  await modal.waitFor({ state: "visible" });
  const bearer = modal.locator(".auth-container", { hasText: "bearerAuth" });
  await bearer.locator("input").fill(token);
  // The modal's buttons read "Authorize" and "Logout" but are named by their aria-labels.
  await bearer.getByRole("button", { name: "Apply credentials" }).click();
  await bearer.getByRole("button", { name: "Remove authorization" }).waitFor({ state: "visible" });
  await modal.getByRole("button", { name: "Close" }).click();
  await modal.waitFor({ state: "hidden" });
  log("authorized with the bearer token");

  // Try validateToken (GET /api/auth/validate) from the page.
  // The page is still at the operation's deep link, which opens it expanded.
  const op = operation(page, "validateToken");
  if (!(await op.evaluate((el) => el.classList.contains("is-open")))) await op.locator(".opblock-summary-control").click();
  // The page starts operations in try-it-out mode (tryItOutEnabled: the button reads "Cancel");
  // otherwise it needs the click. Wait for the button to render before deciding.
  const tryIt = op.locator(".try-out__btn").first();
  await tryIt.waitFor({ state: "visible" });
  if ((await tryIt.innerText()).trim() === "Try it out") await tryIt.click();
  const [request] = await Promise.all([
    page.waitForRequest((req) => new URL(req.url()).pathname === "/api/auth/validate"),
    op.getByRole("button", { name: "Execute" }).click(),
  ]);
  const target = new URL(request.url());
  if (target.host !== base.host) fail(`"Try it out" called ${target.href}, not the server at ${base.host}`);
  if (request.headers()["authorization"] !== `Bearer ${token}`) fail(`"Try it out" sent no "Bearer <token>" Authorization header`);

  const status = op.locator(".live-responses-table .response .response-col_status").first();
  await status.waitFor({ state: "visible" });
  const shown = (await status.innerText()).trim();
  if (shown !== "200") fail(`validateToken shows status ${shown}, want 200`);
  // The live response's body is the first highlighted code block under the live responses.
  const body = (await op.locator(".live-responses-table .response-col_description .highlight-code").first().innerText()).trim();
  if (!body.includes('"integration"')) fail(`validateToken response body does not show the integration token: ${body.slice(0, 200)}`);
  log(`Try it out on validateToken: ${target.pathname} answered ${shown} in the page`);
}

// openAt loads the docs page at the deep link of a tag or an operation.
async function openAt(page, docsURL, parts) {
  const url = `${docsURL}#/${parts.map(encodeURIComponent).join("/")}`;
  await page.goto("about:blank");
  await page.goto(url, { waitUntil: "load" });
}

function tagHeader(page, tag) {
  return page.locator(`h3.opblock-tag[data-tag="${tag}"]`);
}

// Swagger UI gives each operation the DOM id "operations-<tag>-<operationId>".
function operation(page, operationId) {
  return page.locator(`.opblock[id$="-${operationId}"]`);
}

function log(msg) {
  console.log(`ok   ${msg}`);
}

function requiredEnv(key) {
  const value = process.env[key];
  if (!value) throw new Error(`${key} is not set`);
  return value;
}
