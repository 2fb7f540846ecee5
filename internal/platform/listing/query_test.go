package listing

import (
	"reflect"
	"testing"
)

func TestQueryNumbersParametersInOrder(t *testing.T) {
	t.Parallel()
	q := NewQuery("t.tenant_id", "ten")
	q.Where("t.name ILIKE %s", "%gold%")
	q.Where("t.id = ANY(%s)", []string{"a"})
	sql, args := q.SQL("SELECT t.id FROM tiers t", Page{OrderBy: "t.name ASC, t.id ASC", Limit: 10, Offset: 20})
	want := "SELECT t.id FROM tiers t WHERE t.tenant_id = $1 AND t.name ILIKE $2 AND t.id = ANY($3) ORDER BY t.name ASC, t.id ASC LIMIT $4 OFFSET $5"
	if sql != want {
		t.Fatalf("sql\n got %s\nwant %s", sql, want)
	}
	if !reflect.DeepEqual(args, []any{"ten", "%gold%", []string{"a"}, 10, 20}) {
		t.Fatalf("args %v", args)
	}
	// SQL does not change the query: a second call gives the same text.
	again, _ := q.SQL("SELECT t.id FROM tiers t", Page{OrderBy: "t.id ASC", Limit: 1})
	if again != "SELECT t.id FROM tiers t WHERE t.tenant_id = $1 AND t.name ILIKE $2 AND t.id = ANY($3) ORDER BY t.id ASC LIMIT $4 OFFSET $5" {
		t.Fatalf("second call %s", again)
	}
}
