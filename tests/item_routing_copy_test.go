package tests

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"mos/gen/client"
)

func copyRoutingBody(sourceItemID string) string { return `{"sourceItemId":"` + sourceItemID + `"}` }

// copyItemRouting replaces itemID's routing with a copy of sourceItemID's and answers it.
func copyItemRouting(t *testing.T, te *tenantEnv, itemID, sourceItemID string) client.Routing {
	t.Helper()
	res, err := te.API.CopyItemRoutingWithResponse(context.Background(), itemID, nil, client.RoutingCopy{SourceItemId: sourceItemID})
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func TestItemRoutingCopyReplacesTheRoutingByValue(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	source, target := createItem(t, te, newItem("C-SRC")), createItem(t, te, newItem("C-DST"))
	dep := newShopDepartment(t, te, "Machining")
	createRoutingOperation(t, te, source, client.RoutingOperationWrite{Sequence: ptr(int32(10)), Name: ptr("Saw"), SetupTimeMinutes: ptr(num("1.125"))})
	createRoutingOperation(t, te, source, client.RoutingOperationWrite{Sequence: ptr(int32(20)), Name: ptr("Mill"), WorkCenterId: &dep.WorkCenterID})
	replaced := createRoutingOperation(t, te, target, client.RoutingOperationWrite{Sequence: ptr(int32(10)), Name: ptr("Old step")})

	got := copyItemRouting(t, te, target, source)
	src := getItemRouting(t, te, source)
	if got.OwnerId != target || !slices.Equal(routingSequences(got), []int32{10, 20}) {
		t.Fatalf("copied routing: %s", mustJSON(t, got))
	}
	for i, op := range got.Operations {
		if op.Id == src.Operations[i].Id || op.Name != src.Operations[i].Name || op.Id == replaced {
			t.Fatalf("operation %d is not a copy by value with a new id: %s from %s", i, mustJSON(t, op), mustJSON(t, src.Operations[i]))
		}
	}
	mustRate(t, "setupTimeMinutes", got.Operations[0].SetupTimeMinutes, "1.125")
	if got.Operations[1].WorkCenterId == nil || *got.Operations[1].WorkCenterId != dep.WorkCenterID {
		t.Fatalf("work center not copied: %s", mustJSON(t, got.Operations[1]))
	}
	if r := getItemRouting(t, te, target); mustJSON(t, r) != mustJSON(t, got) {
		t.Fatalf("answer %s differs from the stored routing %s", mustJSON(t, got), mustJSON(t, r))
	}
	res, b := rawRequest(t, http.MethodGet, itemRoutingOperationPath(target, replaced), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)

	// The copy is independent: changing it leaves the source as it was.
	res, b = rawRequest(t, http.MethodPut, itemRoutingOperationPath(target, got.Operations[0].Id), te.Token, "application/json", `{"name":"Laser"}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if after := getItemRouting(t, te, source); mustJSON(t, after) != mustJSON(t, src) {
		t.Fatalf("changing the copy changed the source: %s", mustJSON(t, after))
	}

	// An empty source empties the item's routing.
	empty := createItem(t, te, newItem("C-EMPTY"))
	if r := copyItemRouting(t, te, target, empty); len(r.Operations) != 0 {
		t.Fatalf("copying an empty routing left %s", mustJSON(t, r))
	}
}

func TestItemRoutingCopyAdvancesOnlyTheTargetItem(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	source, target := createItem(t, te, newItem("C-SRC")), createItem(t, te, newItem("C-DST"))
	createRoutingOperation(t, te, source, client.RoutingOperationWrite{Name: ptr("Saw")})
	srcBefore, srcEvents := getItem(t, te, source).ModifiedUtc, itemEvents(t, te, source)
	before, events := getItem(t, te, target).ModifiedUtc, itemEvents(t, te, target)
	copyItemRouting(t, te, target, source)
	if after := getItem(t, te, target).ModifiedUtc; !after.After(before) || itemEvents(t, te, target) != events+1 {
		t.Fatalf("target: modifiedUtc %v → %v, events %d → %d", before, after, events, itemEvents(t, te, target))
	}
	if after := getItem(t, te, source).ModifiedUtc; !after.Equal(srcBefore) || itemEvents(t, te, source) != srcEvents {
		t.Fatalf("the source changed: modifiedUtc %v → %v", srcBefore, after)
	}
}

func TestItemRoutingCopyNeedsAnotherItemOfTheTenant(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	target := createItem(t, te, newItem("C-DST"))
	createRoutingOperation(t, te, target, client.RoutingOperationWrite{Name: ptr("Saw")})
	foreign := createItem(t, other, newItem("C-FOREIGN"))
	createRoutingOperation(t, other, foreign, client.RoutingOperationWrite{Name: ptr("Secret step")})

	res, b := rawRequest(t, http.MethodPost, itemRoutingPath(target), te.Token, "application/json", copyRoutingBody(target))
	mustProblemNaming(t, res, b, "sourceItemId")
	for _, source := range []string{foreign, "ffffffffffffffffffffffff"} {
		res, b = rawRequest(t, http.MethodPost, itemRoutingPath(target), te.Token, "application/json", copyRoutingBody(source))
		if p := mustProblem(t, res, b, http.StatusNotFound); !strings.Contains(p.Detail, "sourceItemId") {
			t.Fatalf("404 does not name sourceItemId: %s", b)
		}
	}
	res, b = rawRequest(t, http.MethodPost, itemRoutingPath(foreign), te.Token, "application/json", copyRoutingBody(target))
	mustProblem(t, res, b, http.StatusNotFound)
	if r := getItemRouting(t, te, target); len(r.Operations) != 1 || r.Operations[0].Name != "Saw" {
		t.Fatalf("a refused copy changed the routing: %s", mustJSON(t, r))
	}
	res, b = rawRequest(t, http.MethodPost, itemRoutingPath(target), te.Token, "application/json", `{}`)
	mustProblemNaming(t, res, b, "sourceItemId")
}

func TestItemRoutingArchivedLibraryOperationCannotBePickedButStaysOnUpdate(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("R-ARCH"))
	lib := createOperation(t, te, client.OperationWrite{Name: "Anodize"})
	id := createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{OperationId: &lib})
	res, b := rawRequest(t, http.MethodPut, "/api/operation/"+lib, te.Token, "application/json", `{"name":"Anodize","isArchived":true}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)

	body := `{"operationId":"` + lib + `","name":"Anodize again"}`
	res, b = rawRequest(t, http.MethodPost, itemRoutingOperationsPath(itemID), te.Token, "application/json", body)
	mustProblemNaming(t, res, b, "operationId")
	res, b = rawRequest(t, http.MethodPost, itemRoutingOperationsPath(itemID)+"/batch", te.Token, "application/json", `{"operations":[`+body+`]}`)
	mustProblemNaming(t, res, b, "operations.0.operationId")
	// The operation that picked it before keeps it through an update.
	res, b = rawRequest(t, http.MethodPut, itemRoutingOperationPath(itemID, id), te.Token, "application/json", body)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if got := getRoutingOperation(t, te, itemID, id); got.OperationId == nil || *got.OperationId != lib || got.Name != "Anodize again" {
		t.Fatalf("update lost the archived operation: %s", mustJSON(t, got))
	}
	// Another routing operation cannot switch to it.
	other := createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Mask")})
	res, b = rawRequest(t, http.MethodPut, itemRoutingOperationPath(itemID, other), te.Token, "application/json", body)
	mustProblemNaming(t, res, b, "operationId")
}
