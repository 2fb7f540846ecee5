package webhooks

import (
	"slices"
	"strings"
	"testing"

	"mos/gen"
)

// The catalogue is the spec's: every published type has a payload schema and a callback on
// createWebhook describing the request a receiver gets, and the areas' registrations must
// match it exactly.
func TestCatalogueComesFromTheSpecAndMustMatchTheEmitters(t *testing.T) {
	t.Parallel()
	spec, err := gen.GetSpec()
	if err != nil {
		t.Fatal(err)
	}
	c, err := NewCatalogue(spec)
	if err != nil {
		t.Fatal(err)
	}
	types := c.Types()
	if len(types) == 0 || types[0].Name != "ItemUpdated" || types[0].PayloadSchema != "ItemUpdatedEvent" || types[0].Description == "" {
		t.Fatalf("catalogue %+v, want ItemUpdated first with its schema and description", types)
	}
	callbacks := spec.Paths.Find("/api/webhooks").Post.Callbacks
	for _, et := range types {
		cb := callbacks[et.Name]
		if cb == nil || cb.Value == nil {
			t.Fatalf("createWebhook has no callback for %s", et.Name)
		}
		for _, item := range cb.Value.Map() {
			body := item.Post.RequestBody.Value.Content.Get("application/json").Schema
			if !strings.HasSuffix(body.Ref, "/"+et.PayloadSchema) {
				t.Fatalf("the %s callback sends %q, want %s", et.Name, body.Ref, et.PayloadSchema)
			}
		}
	}
	if len(callbacks) != len(types) {
		t.Fatalf("createWebhook has %d callbacks for %d event types", len(callbacks), len(types))
	}
	if err := c.Check(); err == nil || !strings.Contains(err.Error(), "ItemUpdated is published but no area emits it") {
		t.Fatalf("check without emitters: %v", err)
	}
	c.Emits("ItemUpdated")
	if err := c.Check(); err != nil {
		t.Fatal(err)
	}
	c.Emits("JobUpdated")
	if err := c.Check(); err == nil || !strings.Contains(err.Error(), "JobUpdated is emitted but not published") {
		t.Fatalf("check with an unpublished emitter: %v", err)
	}
	if got := c.order([]string{"ItemUpdated", "ItemUpdated"}); !slices.Equal(got, []string{"ItemUpdated"}) {
		t.Fatalf("order kept %v, want one ItemUpdated", got)
	}
}
