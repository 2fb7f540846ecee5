// Uses the API the way a TypeScript user does: types generated from
// openapi/v1.yaml by openapi-typescript (build/ts/schema.d.ts, made by
// scripts/e2e.sh) and the openapi-fetch client. `tsc --noEmit` proves the
// published types fit this program; running it against a live server (MOS_URL,
// MOS_TOKEN) proves the server answers what those types promise.
import assert from "node:assert/strict";
import createClient from "openapi-fetch";
import type { components, paths } from "../../../build/ts/schema";

type Tag = components["schemas"]["Tag"];
type Problem = components["schemas"]["Problem"];

const baseUrl = requiredEnv("MOS_URL");
const token = requiredEnv("MOS_TOKEN");

const api = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });
const anonymous = createClient<paths>({ baseUrl });

// Unique per run: the e2e database is fresh, but a rerun against a kept server must not collide.
const name = `E2E ${Date.now()}`;
const description = "Created by scripts/node/e2e/client-check.ts";
let createdId = ""; // set by the first check, read by the others

await check("createAccountingCode answers the new id", async () => {
  const { data, error, response } = await api.POST("/api/accounting-codes", {
    body: { name, style: "success", description },
  });
  assert.equal(response.status, 200, `status ${response.status}: ${JSON.stringify(error)}`);
  assert.ok(data, "no body");
  assert.equal(data.id.length, 24, `id ${data.id} is not 24 characters`);
  createdId = data.id;
});

await check("getAccountingCode answers the stored code", async () => {
  const { data, error, response } = await api.GET("/api/accounting-codes/{id}", {
    params: { path: { id: createdId } },
  });
  assert.equal(response.status, 200, `status ${response.status}: ${JSON.stringify(error)}`);
  assert.ok(data, "no body");
  assertIsCreatedTag(data);
});

await check("listAccountingCodes finds it by name and by id", async () => {
  const byName = await api.POST("/api/accounting-codes/list", {
    params: { query: { "Sort.Field": "name", "Sort.Dir": "ascending", Take: 100 } },
    body: { name },
  });
  assert.equal(byName.response.status, 200, JSON.stringify(byName.error));
  assert.ok(byName.data, "no body");
  const [match, ...others] = byName.data;
  assert.ok(match && others.length === 0, `expected one match, got ${JSON.stringify(byName.data)}`);
  assertIsCreatedTag(match);

  const unfiltered = await api.POST("/api/accounting-codes/list", {});
  assert.equal(unfiltered.response.status, 200, JSON.stringify(unfiltered.error));
  const found = unfiltered.data?.find((tag) => tag.id === createdId);
  assert.ok(found, `${createdId} missing from the unfiltered list`);
  assertIsCreatedTag(found);
});

await check("a request without a token is a typed 401 problem", async () => {
  const { data, error, response } = await anonymous.GET("/api/auth/validate");
  assert.equal(response.status, 401);
  assert.equal(data, undefined);
  assert.match(response.headers.get("content-type") ?? "", /^application\/problem\+json\b/);
  assert.ok(error, "no problem body");
  // `error` is typed as the spec's Problem: this assignment fails to compile if it is not.
  const problem: Problem = error;
  assert.equal(problem.status, 401);
  assert.equal(typeof problem.title, "string");
  assert.equal(typeof problem.type, "string");
});

await check("the token validates", async () => {
  const { data, response } = await api.GET("/api/auth/validate");
  assert.equal(response.status, 200);
  assert.ok(data, "no body");
  assert.equal(data.kind, "integration");
});

// Compile-time guards that the generated types are precise, not `any`:
// each line below must be a type error, or tsc reports the directive as unused.
function typesArePrecise(tag: Tag) {
  // @ts-expect-error name is a string
  const n: number = tag.name;
  // @ts-expect-error style is the TagStyle enum
  const s: Tag["style"] = "purple";
  // @ts-expect-error the create body requires style
  void api.POST("/api/accounting-codes", { body: { name: "x" } });
  return [n, s];
}
void typesArePrecise;

console.log("client-check: all checks passed");

function assertIsCreatedTag(tag: Tag) {
  assert.deepEqual(
    { id: tag.id, name: tag.name, style: tag.style, description: tag.description, deleted: tag.deleted },
    { id: createdId, name, style: "success", description, deleted: false },
  );
  assert.ok(Array.isArray(tag.types), "types is not an array");
}

async function check(title: string, body: () => Promise<void>) {
  try {
    await body();
    console.log(`ok   ${title}`);
  } catch (err) {
    console.error(`FAIL ${title}`);
    throw err;
  }
}

function requiredEnv(key: string): string {
  const value = process.env[key];
  if (!value) throw new Error(`${key} is not set`);
  return value;
}
