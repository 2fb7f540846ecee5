// Prints the five business documents the way a shop's integration does: it builds a small
// world through the API (the primary company, a customer and an item with stock, a quote, an
// approved sales order shipped and invoiced, a vendor's purchase order), fetches each
// document's PDF from the live server (MOS_URL, MOS_TOKEN), checks it is a PDF with its file
// name and ETag, and renders its first page to build/pdf/e2e-<document>.png with pdftoppm
// (poppler-utils, which scripts/ensure-poppler.sh installs) for a person to look at; a page
// that renders blank fails the check.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import createClient from "openapi-fetch";
import type { paths } from "../../../build/ts/schema";

const baseUrl = requiredEnv("MOS_URL");
const token = requiredEnv("MOS_TOKEN");
const api = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });
const outDir = "build/pdf";
const run = Date.now().toString(36);

mkdirSync(outDir, { recursive: true });

const settings = await api.PUT("/api/settings/pdf", {
  body: {
    showLogo: true, dateFormat: "MMM d, yyyy", pageSize: "letter", packingSlipShowsPrices: false,
    footerText: "Acme Machining Ltd. · Thank you for your business", terms: { invoice: "Payment due within 30 days." },
  },
});
assert.equal(settings.response.status, 200, JSON.stringify(settings.error));

ok(await api.POST("/api/companies", {
  body: {
    name: "Acme Machining Ltd.", isPrimary: true, phoneNumber: "+1 555 0100", email: "office@acme.example",
    shipToAddress: { name: "Works", address1: "12 Foundry Lane", city: "Dayton", stateProvince: "OH", postalCode: "45402", country: "US" },
    remitToAddress: { name: "Office", address1: "PO Box 9", city: "Dayton", postalCode: "45401", country: "US" },
  },
}));
const customer = ok(await api.POST("/api/customers", { body: { name: `Müller Drehteile GmbH ${run}` } })).id;
const item = ok(await api.POST("/api/items", {
  body: { number: `BRK-${run}`, description: "Bracket, machined", unitTypeName: "Pieces", unitOfMeasureName: "Each", itemOrigin: "buy" },
})).id;
const location = ok(await api.POST("/api/locations", { body: { name: `Shelf ${run}` } })).id;
ok(await api.POST("/api/inventory/receive", {
  body: { itemId: item, quantity: 50, locationId: location, secondaryType: "receive" },
}));

const quote = ok(await api.POST("/api/quotes", { body: { customerId: customer } })).id;
for (const quantity of [5, 10, 25]) {
  ok(await api.POST("/api/quotes/{quoteId}/part-line-items", { params: { path: { quoteId: quote } }, body: { itemId: item, quantity } }));
}
await printed("quote", "/api/quotes/{quoteId}/pdf", { quoteId: quote }, /^Quote-\d+\.pdf$/);

const order = ok(await api.POST("/api/sales-orders", { body: { customerId: customer, customerPoNumber: `PO-${run}` } })).id;
const lines = ok(await api.POST("/api/sales-orders/{salesOrderId}/part-line-items/batch", {
  params: { path: { salesOrderId: order } },
  body: { partLineItems: [{ itemId: item, quantity: 4, unitPrice: 12.5 }, { itemId: item, quantity: 6, unitPrice: 12.5 }] },
})).ids;
ok(await api.POST("/api/sales-orders/{salesOrderId}/status", { params: { path: { salesOrderId: order } }, body: { status: "approved" } }));
await printed("sales-order", "/api/sales-orders/{salesOrderId}/pdf", { salesOrderId: order }, /^SalesOrder-\d+\.pdf$/);

const shipment = ok(await api.POST("/api/shipments", {
  body: {
    salesOrderId: order,
    lineItems: lines.map((id) => ({ salesOrderLineItemId: id, quantity: 2, locationId: location })),
  },
})).id;
await printed("packing-slip", "/api/shipments/{shipmentId}/pdf", { shipmentId: shipment }, /^PackingSlip-\d+\.pdf$/);

const invoice = ok(await api.POST("/api/invoices", { body: { salesOrderId: order } })).id;
await printed("invoice", "/api/invoices/{invoiceId}/pdf", { invoiceId: invoice }, /^Invoice-\d+\.pdf$/);

const vendor = ok(await api.POST("/api/vendors", { body: { name: `Stahlwerk Nord ${run}` } })).id;
const purchaseOrder = ok(await api.POST("/api/purchase-orders", { body: { vendorId: vendor } })).id;
ok(await api.POST("/api/purchase-orders/{purchaseOrderId}/part-line-items", {
  params: { path: { purchaseOrderId: purchaseOrder } },
  body: { itemId: item, quantity: 20 },
}));
await printed("purchase-order", "/api/purchase-orders/{purchaseOrderId}/pdf", { purchaseOrderId: purchaseOrder }, /^PurchaseOrder-\d+\.pdf$/);

console.log(`pdf-check: the five documents printed; their first pages are in ${outDir}/e2e-*.png`);

// printed fetches a document's PDF, checks its answer, keeps it as build/pdf/e2e-<name>.pdf
// and renders its first page to e2e-<name>.png, failing when the page is blank.
async function printed<P extends keyof paths>(name: string, path: P, ids: Record<string, string>, file: RegExp) {
  const url = baseUrl + Object.entries(ids).reduce<string>((p, [k, v]) => p.replace(`{${k}}`, v), path);
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  const body = Buffer.from(await response.arrayBuffer());
  assert.equal(response.status, 200, `${name}: status ${response.status}: ${body.toString("utf8", 0, 300)}`);
  assert.equal(response.headers.get("content-type"), "application/pdf", name);
  const disposition = response.headers.get("content-disposition") ?? "";
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "";
  assert.match(fileName, file, `${name}: Content-Disposition ${disposition}`);
  const etag = response.headers.get("etag") ?? "";
  assert.match(etag, /^"[0-9a-f]{32}"$/, `${name}: ETag ${etag}`);
  assert.equal(body.subarray(0, 5).toString("latin1"), "%PDF-", `${name}: not a PDF`);
  const again = await fetch(url, { headers: { Authorization: `Bearer ${token}`, "If-None-Match": etag } });
  assert.equal(again.status, 304, `${name}: If-None-Match with its ETag answered ${again.status}`);

  const pdf = `${outDir}/e2e-${name}.pdf`;
  writeFileSync(pdf, body);
  execFileSync("pdftoppm", ["-r", "72", "-png", "-f", "1", "-l", "1", "-singlefile", pdf, `${outDir}/e2e-${name}`]);
  execFileSync("pdftoppm", ["-r", "36", "-gray", "-f", "1", "-l", "1", "-singlefile", pdf, `${outDir}/e2e-${name}`]);
  const inked = inkedShare(readFileSync(`${outDir}/e2e-${name}.pgm`));
  assert.ok(inked > 0.005, `${name}: the first page looks blank (${(inked * 100).toFixed(2)}% of it is not white)`);
  console.log(`ok   ${name}: ${fileName}, ${body.length} bytes, ${(inked * 100).toFixed(1)}% of page 1 inked`);
}

// inkedShare is the share of a binary PGM (P5) image's pixels that are not near white.
function inkedShare(pgm: Buffer): number {
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.toString("latin1", 0, 64));
  assert.ok(header, "pdftoppm -gray wrote no binary PGM");
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = pgm.subarray(header[0].length, header[0].length + width * height);
  let dark = 0;
  for (const p of pixels) if (p < 0xc0) dark++;
  return dark / (width * height);
}

function ok<T>(r: { data?: T; error?: unknown; response: Response }): T {
  assert.equal(r.response.status, 200, `${r.response.url}: status ${r.response.status}: ${JSON.stringify(r.error)}`);
  assert.ok(r.data, `${r.response.url}: no body`);
  return r.data;
}

function requiredEnv(key: string): string {
  const value = process.env[key];
  if (!value) throw new Error(`${key} is not set`);
  return value;
}
