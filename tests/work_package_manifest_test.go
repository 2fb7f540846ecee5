package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

const workPackageManifestPath = "/api/nesting/work-package-manifest"

// manifestEntry is one entry of a manifest request.
func manifestEntry(jobID, jobOperationID string, itemToMakeID ...string) client.WorkPackageManifestEntry {
	e := client.WorkPackageManifestEntry{JobId: jobID, JobOperationId: jobOperationID}
	if len(itemToMakeID) > 0 {
		e.ItemToMakeId = &itemToMakeID[0]
	}
	return e
}

// getManifest asks te for the manifest of entries; it must answer 200.
func getManifest(t *testing.T, te *tenantEnv, entries ...client.WorkPackageManifestEntry) client.WorkPackageManifest {
	t.Helper()
	res, err := te.API.GetWorkPackageManifestWithResponse(context.Background(), client.WorkPackageManifestRequest{JobOperations: entries})
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// manifestShop is a released job making two items that share the library operation Laser:
// A (10 to make) through Laser, Bend (library operations) and Deburr (none), B (7 to make,
// 3 of them made) through Laser. A's sheet material is consumed at Laser, its bar material
// at no operation; B's sheet material (same shape and stock item as A's) at Laser.
type manifestShop struct {
	Job, ItemToMakeA, ItemToMakeB          string
	Laser, Bend                            string // library operations
	LaserA, BendA, DeburrA, LaserB         string // job operations
	Sheet, Bar                             client.MaterialShape
	Stock, StockNumber                     string
	SheetA, BarA, SheetB                   string // the items to make's input materials
	NestSmallA, NestLargeA, NestB, ItemIDB string
}

func newManifestShop(t *testing.T, te *tenantEnv) manifestShop {
	t.Helper()
	suffix := ids.New()[16:]
	var s manifestShop
	s.Sheet, s.Bar = catalogueShapes(t, te)
	s.StockNumber = "SHEET-" + suffix
	s.Stock = createItem(t, te, newItem(s.StockNumber))
	s.Laser = createOperation(t, te, client.OperationWrite{Name: "Laser " + suffix})
	s.Bend = createOperation(t, te, client.OperationWrite{Name: "Bend " + suffix})
	itemA := createItem(t, te, newItem("PANEL-"+suffix))
	laserA := createRoutingOperation(t, te, itemA, client.RoutingOperationWrite{Name: ptr("Laser"), Sequence: ptr(int32(10)), OperationId: &s.Laser})
	createRoutingOperation(t, te, itemA, client.RoutingOperationWrite{Name: ptr("Bend"), Sequence: ptr(int32(20)), OperationId: &s.Bend})
	createRoutingOperation(t, te, itemA, client.RoutingOperationWrite{Name: ptr("Deburr"), Sequence: ptr(int32(30))})
	sheetA := createInputMaterial(t, te, itemA, client.RoutingInputMaterialWrite{
		MaterialShapeId: s.Sheet.Id, BlankLength: num("10"), BlankWidth: ptr(num("5")), PiecesPerBlank: ptr(int32(3)),
		ItemId: &s.Stock, RoutingOperationId: &laserA})
	createNesting(t, te, itemA, sheetA, client.RoutingMaterialNestingWrite{Name: "Small", StockLength: num("30"), StockWidth: ptr(num("10")), BlanksPerStock: 3})
	createNesting(t, te, itemA, sheetA, client.RoutingMaterialNestingWrite{Name: "Large", StockLength: num("100"), StockWidth: ptr(num("50")), BlanksPerStock: 12})
	createInputMaterial(t, te, itemA, client.RoutingInputMaterialWrite{MaterialShapeId: s.Bar.Id, BlankLength: num("7")})
	s.ItemIDB = createItem(t, te, newItem("BRACKET-"+suffix))
	laserB := createRoutingOperation(t, te, s.ItemIDB, client.RoutingOperationWrite{Name: ptr("Laser"), Sequence: ptr(int32(10)), OperationId: &s.Laser})
	sheetB := createInputMaterial(t, te, s.ItemIDB, client.RoutingInputMaterialWrite{
		MaterialShapeId: s.Sheet.Id, BlankLength: num("4"), BlankWidth: ptr(num("2")), PiecesPerBlank: ptr(int32(2)),
		ItemId: &s.Stock, RoutingOperationId: &laserB})
	createNesting(t, te, s.ItemIDB, sheetB, client.RoutingMaterialNestingWrite{Name: "Strip", StockLength: num("40"), StockWidth: ptr(num("20")), BlanksPerStock: 10})

	s.Job = createJob(t, te, map[string]any{"status": "released", "itemsToMake": []any{jobMake(itemA, "10"), jobMake(s.ItemIDB, "7")}})
	items := jobItems(t, te, s.Job)
	s.ItemToMakeA, s.ItemToMakeB = items[0].Id, items[1].Id
	for _, op := range jobOps(t, te, s.Job) {
		switch {
		case op.ItemToMakeId == s.ItemToMakeA && op.Name == "Laser":
			s.LaserA = op.Id
		case op.ItemToMakeId == s.ItemToMakeA && op.Name == "Bend":
			s.BendA = op.Id
		case op.ItemToMakeId == s.ItemToMakeA && op.Name == "Deburr":
			s.DeburrA = op.Id
		case op.ItemToMakeId == s.ItemToMakeB && op.Name == "Laser":
			s.LaserB = op.Id
		}
	}
	if s.LaserA == "" || s.BendA == "" || s.DeburrA == "" || s.LaserB == "" {
		t.Fatalf("job operations %s", mustJSON(t, jobOps(t, te, s.Job)))
	}
	for _, r := range jobRoutings(t, te, s.Job) {
		var mats []client.RoutingInputMaterial
		jobDecode(t, te, http.MethodPost, r.inputMaterialsPath()+"/list", "{}", http.StatusOK, &mats)
		for _, m := range mats {
			switch {
			case r.ItemToMakeID == s.ItemToMakeA && m.MaterialShapeId == s.Sheet.Id:
				s.SheetA = m.Id
				for _, n := range m.Nestings {
					if n.Name == "Small" {
						s.NestSmallA = n.Id
					} else {
						s.NestLargeA = n.Id
					}
				}
			case r.ItemToMakeID == s.ItemToMakeA:
				s.BarA = m.Id
			default:
				s.SheetB = m.Id
				s.NestB = m.Nestings[0].Id
			}
		}
	}
	// B made in part: its only (last) operation completes 3 of the 7.
	mustJobOp(t, te, s.Job, s.ItemToMakeB, s.LaserB, "complete", map[string]any{"quantityCompleted": 3})
	return s
}

// manifestItemOf answers the item of job operation opID in m.
func manifestItemOf(t *testing.T, m client.WorkPackageManifest, opID string) client.WorkPackageManifestItem {
	t.Helper()
	for _, it := range m.Items {
		if it.Operation.Id == opID {
			return it
		}
	}
	t.Fatalf("no item of operation %s in %s", opID, mustJSON(t, m))
	return client.WorkPackageManifestItem{}
}

func mustSkipped(t *testing.T, m client.WorkPackageManifest, want map[int32]client.WorkPackageManifestSkipReason) {
	t.Helper()
	got := map[int32]client.WorkPackageManifestSkipReason{}
	for _, s := range m.Skipped {
		got[s.Index] = s.Reason
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("skipped %v, want %v: %s", got, want, mustJSON(t, m.Skipped))
	}
}

// A system operation used by two items to make of the job is ambiguous unless itemToMakeId
// narrows it; with it, it resolves to that item to make's operation.
func TestWorkPackageManifestSystemOperationSharedByItemsToMakeIsAmbiguousWithoutItemToMake(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newManifestShop(t, te)
	m := getManifest(t, te,
		manifestEntry(s.Job, s.Laser),
		manifestEntry(s.Job, s.Laser, s.ItemToMakeA),
		manifestEntry(s.Job, s.Laser, s.ItemToMakeB),
		manifestEntry(s.Job, s.Bend), // used by A only: not ambiguous
	)
	mustSkipped(t, m, map[int32]client.WorkPackageManifestSkipReason{0: client.WorkPackageManifestSkipReasonAmbiguousJobOperation})
	if s0 := m.Skipped[0]; s0.JobId != s.Job || s0.JobOperationId != s.Laser || s0.ItemToMakeId != nil {
		t.Fatalf("skipped entry %s", mustJSON(t, s0))
	}
	if len(m.Items) != 3 || m.Items[0].Operation.Id != s.LaserA || m.Items[1].Operation.Id != s.LaserB || m.Items[2].Operation.Id != s.BendA {
		t.Fatalf("items %s, want A's Laser, B's Laser, A's Bend", mustJSON(t, m.Items))
	}
	for i, it := range m.Items {
		if it.Index != int32(i+1) {
			t.Fatalf("item %d has index %d, want %d", i, it.Index, i+1)
		}
	}
	a := m.Items[0]
	if a.Operation.SystemOperationId != s.Laser || a.Operation.Name != "Laser" || a.ItemToMake.Id != s.ItemToMakeA ||
		a.Job.Id != s.Job || !strings.HasPrefix(a.ItemToMake.ItemNumber, "PANEL-") {
		t.Fatalf("A's Laser %s", mustJSON(t, a))
	}
	if b := m.Items[1]; b.Operation.SystemOperationId != s.Laser || b.ItemToMake.Id != s.ItemToMakeB || b.ItemToMake.ItemId != s.ItemIDB {
		t.Fatalf("B's Laser %s", mustJSON(t, b))
	}
}

// A job operation linking no library operation is skipped as noSystemOperation; unknown
// jobs, another tenant's job, an operation of another item to make than the one named, a
// cancelled job and a system operation the job does not use are notFound.
func TestWorkPackageManifestSkipsUnresolvedEntriesWithTheirReason(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	s := newManifestShop(t, te)
	theirs := newManifestShop(t, other)
	cancelled := createJob(t, te, map[string]any{"itemsToMake": []any{jobMake(s.ItemIDB, "2")}})
	cancelledOp := jobOps(t, te, cancelled)[0].Id
	res, body := cancelJob(t, te, cancelled)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	m := getManifest(t, te,
		manifestEntry(s.Job, s.DeburrA),
		manifestEntry(ids.New(), s.LaserA),
		manifestEntry(theirs.Job, theirs.LaserA),
		manifestEntry(s.Job, s.LaserA, s.ItemToMakeB),
		manifestEntry(s.Job, theirs.Laser),
		manifestEntry(cancelled, cancelledOp),
		manifestEntry(s.Job, s.LaserB),
	)
	nf := client.WorkPackageManifestSkipReasonNotFound
	mustSkipped(t, m, map[int32]client.WorkPackageManifestSkipReason{
		0: client.WorkPackageManifestSkipReasonNoSystemOperation, 1: nf, 2: nf, 3: nf, 4: nf, 5: nf,
	})
	if len(m.Items) != 1 || m.Items[0].Operation.Id != s.LaserB || m.Items[0].Index != 6 {
		t.Fatalf("items %s, want B's Laser only", mustJSON(t, m.Items))
	}
	if sk := m.Skipped[3]; sk.ItemToMakeId == nil || *sk.ItemToMakeId != s.ItemToMakeB {
		t.Fatalf("the skipped entry does not echo its itemToMakeId: %s", mustJSON(t, sk))
	}
	// The other tenant sees its own job.
	if got := getManifest(t, other, manifestEntry(theirs.Job, theirs.LaserA)); len(got.Items) != 1 || len(got.Skipped) != 0 {
		t.Fatalf("the other tenant's own manifest %s", mustJSON(t, got))
	}
}

// Blanks needed = ceil(remaining / piecesPerBlank) with remaining = quantity − made; total
// length and area follow; each nesting needs ceil(blanks / blanksPerStock) stock pieces; an
// operation without materials of its own takes the item to make's untied materials; an
// operation named twice appears once; totals sum per shape and stock item.
func TestWorkPackageManifestCountsBlanksStockAndTotalsFromTheRemainingQuantity(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newManifestShop(t, te)
	m := getManifest(t, te,
		manifestEntry(s.Job, s.LaserA),
		manifestEntry(s.Job, s.LaserB),
		manifestEntry(s.Job, s.BendA),
		manifestEntry(s.Job, s.Bend),                  // A's Bend again, by its system operation
		manifestEntry(s.Job, s.LaserA, s.ItemToMakeA), // A's Laser again
	)
	if len(m.Skipped) != 0 || len(m.Items) != 3 {
		t.Fatalf("manifest %s, want three items and nothing skipped", mustJSON(t, m))
	}

	a := manifestItemOf(t, m, s.LaserA)
	mustEqualNum(t, "A quantity", a.ItemToMake.Quantity, "10")
	mustEqualNum(t, "A made", a.ItemToMake.QuantityMade, "0")
	mustEqualNum(t, "A remaining", a.ItemToMake.QuantityRemaining, "10")
	if len(a.Materials) != 1 || a.Materials[0].InputMaterialId != s.SheetA {
		t.Fatalf("A's Laser materials %s, want its sheet only", mustJSON(t, a.Materials))
	}
	sheet := a.Materials[0]
	if sheet.MaterialShape.Id != s.Sheet.Id || sheet.MaterialShape.Name != s.Sheet.Name || sheet.MaterialShape.ShapeType != s.Sheet.ShapeType ||
		sheet.StockItemId == nil || *sheet.StockItemId != s.Stock || sheet.StockItemNumber == nil || *sheet.StockItemNumber != s.StockNumber ||
		sheet.PiecesPerBlank != 3 {
		t.Fatalf("A's sheet %s", mustJSON(t, sheet))
	}
	mustEqualNum(t, "A sheet blanks (ceil 10/3)", sheet.BlanksNeeded, "4")
	mustEqualNum(t, "A sheet length (4 × 10)", sheet.TotalLength, "40")
	if sheet.TotalArea == nil {
		t.Fatal("a planar material has no total area")
	}
	mustEqualNum(t, "A sheet area (4 × 10 × 5)", *sheet.TotalArea, "200")
	if len(sheet.Nestings) != 2 {
		t.Fatalf("A's sheet nestings %s", mustJSON(t, sheet.Nestings))
	}
	for _, n := range sheet.Nestings {
		switch n.Id {
		case s.NestSmallA:
			mustEqualNum(t, "small stock pieces (ceil 4/3)", n.StockPiecesNeeded, "2")
			mustEqualNum(t, "small stock length", n.StockLength, "30")
		case s.NestLargeA:
			mustEqualNum(t, "large stock pieces (ceil 4/12)", n.StockPiecesNeeded, "1")
		default:
			t.Fatalf("unknown nesting %s", mustJSON(t, n))
		}
	}

	b := manifestItemOf(t, m, s.LaserB)
	mustEqualNum(t, "B made", b.ItemToMake.QuantityMade, "3")
	mustEqualNum(t, "B remaining (7 − 3)", b.ItemToMake.QuantityRemaining, "4")
	if len(b.Materials) != 1 || b.Materials[0].InputMaterialId != s.SheetB || len(b.Materials[0].Nestings) != 1 {
		t.Fatalf("B's Laser materials %s", mustJSON(t, b.Materials))
	}
	mustEqualNum(t, "B sheet blanks (ceil 4/2)", b.Materials[0].BlanksNeeded, "2")
	mustEqualNum(t, "B sheet length", b.Materials[0].TotalLength, "8")
	mustEqualNum(t, "B sheet area", *b.Materials[0].TotalArea, "16")
	mustEqualNum(t, "B strip stock pieces (ceil 2/10)", b.Materials[0].Nestings[0].StockPiecesNeeded, "1")

	bend := manifestItemOf(t, m, s.BendA)
	if bend.Index != 2 || len(bend.Materials) != 1 || bend.Materials[0].InputMaterialId != s.BarA {
		t.Fatalf("A's Bend %s, want index 2 and the untied bar", mustJSON(t, bend))
	}
	bar := bend.Materials[0]
	mustEqualNum(t, "bar blanks (10 / 1)", bar.BlanksNeeded, "10")
	mustEqualNum(t, "bar length", bar.TotalLength, "70")
	if bar.TotalArea != nil || bar.BlankWidth != nil || bar.StockItemId != nil || len(bar.Nestings) != 0 {
		t.Fatalf("a linear material without stock item %s", mustJSON(t, bar))
	}

	if len(m.Totals) != 2 {
		t.Fatalf("totals %s, want the sheet with its stock item and the bar", mustJSON(t, m.Totals))
	}
	for _, tot := range m.Totals {
		switch tot.MaterialShape.Id {
		case s.Sheet.Id:
			if tot.StockItemId == nil || *tot.StockItemId != s.Stock || tot.TotalArea == nil {
				t.Fatalf("sheet total %s", mustJSON(t, tot))
			}
			mustEqualNum(t, "sheet blanks (4 + 2)", tot.BlanksNeeded, "6")
			mustEqualNum(t, "sheet length (40 + 8)", tot.TotalLength, "48")
			mustEqualNum(t, "sheet area (200 + 16)", *tot.TotalArea, "216")
		case s.Bar.Id:
			if tot.StockItemId != nil || tot.TotalArea != nil {
				t.Fatalf("bar total %s", mustJSON(t, tot))
			}
			mustEqualNum(t, "bar blanks", tot.BlanksNeeded, "10")
			mustEqualNum(t, "bar length", tot.TotalLength, "70")
		default:
			t.Fatalf("unexpected total %s", mustJSON(t, tot))
		}
	}
}

// manifestBody is a request of n entries naming the job operation.
func manifestBody(n int, jobID, opID string) string {
	entry := fmt.Sprintf(`{"jobId":%q,"jobOperationId":%q}`, jobID, opID)
	return `{"jobOperations":[` + strings.TrimSuffix(strings.Repeat(entry+",", n), ",") + `]}`
}

// A request takes 1 to 500 entries: 0 and 501 answer 400 naming jobOperations; 500 naming
// one operation answer it once.
func TestWorkPackageManifestTakesOneToFiveHundredEntries(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newManifestShop(t, te)
	for _, n := range []int{0, 501} {
		res, b := rawRequest(t, http.MethodPost, workPackageManifestPath, te.Token, "application/json", manifestBody(n, s.Job, s.LaserA))
		mustProblemNaming(t, res, b, "jobOperations")
	}
	res, b := rawRequest(t, http.MethodPost, workPackageManifestPath, te.Token, "application/json", manifestBody(500, s.Job, s.LaserA))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var m client.WorkPackageManifest
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if len(m.Items) != 1 || m.Items[0].Index != 0 || len(m.Skipped) != 0 {
		t.Fatalf("500 entries of one operation answered %d items, %d skipped", len(m.Items), len(m.Skipped))
	}
}

func TestWorkPackageManifestNeedsViewJob(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newManifestShop(t, te)
	body := manifestBody(1, s.Job, s.LaserA)
	res, b := rawRequest(t, http.MethodPost, workPackageManifestPath, te.userToken(t, "View Item"), "application/json", body)
	mustProblem(t, res, b, http.StatusForbidden)
	res, b = rawRequest(t, http.MethodPost, workPackageManifestPath, te.userToken(t, "View Job"), "application/json", body)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
}

// arrangeWorkPackageManifest: one manifest entry of one job in the small tenant, every
// operation of manySubs jobs in the large one, so that the manifest reads its jobs,
// materials, nestings and items in a fixed number of statements.
func arrangeWorkPackageManifest(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, jobs int) string {
		s := newManifestShop(t, te)
		entries := []string{}
		add := func(job string, ops ...string) {
			for _, op := range ops {
				entries = append(entries, fmt.Sprintf(`{"jobId":%q,"jobOperationId":%q}`, job, op))
			}
		}
		add(s.Job, s.LaserA)
		for k := 1; k < jobs; k++ {
			more := newManifestShop(t, te)
			add(more.Job, more.LaserA, more.BendA, more.LaserB, more.DeburrA, more.Laser)
		}
		return `{"jobOperations":[` + strings.Join(entries, ",") + `]}`
	}
	sb, lb := build(small, 1), build(large, 4)
	return []readCase{{op: "getWorkPackageManifest",
		small: readCall{http.MethodPost, workPackageManifestPath, sb},
		large: readCall{http.MethodPost, workPackageManifestPath, lb}}}
}
