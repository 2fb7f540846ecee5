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

func TestQueryWhereTakesAnyNumberOfParameters(t *testing.T) {
	t.Parallel()
	q := NewQuery("a.tenant_id", "ten")
	q.Where("a.blob_key IS NOT NULL")
	q.Where("(a.owner_type, a.owner_id) IN (SELECT * FROM unnest(%s::text[], %s::text[]))", []string{"item"}, []string{"x"})
	q.Where("a.format = ANY(%s)", []string{"cad"})
	sql, args := q.SQL("SELECT a.id FROM attachments a", Page{OrderBy: "a.id ASC", Limit: 5})
	want := "SELECT a.id FROM attachments a WHERE a.tenant_id = $1 AND a.blob_key IS NOT NULL" +
		" AND (a.owner_type, a.owner_id) IN (SELECT * FROM unnest($2::text[], $3::text[])) AND a.format = ANY($4)" +
		" ORDER BY a.id ASC LIMIT $5 OFFSET $6"
	if sql != want {
		t.Fatalf("sql\n got %s\nwant %s", sql, want)
	}
	if !reflect.DeepEqual(args, []any{"ten", []string{"item"}, []string{"x"}, []string{"cad"}, 5, 0}) {
		t.Fatalf("args %v", args)
	}
}
