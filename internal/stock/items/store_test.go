package items

import (
	"context"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/db"
)

// TestCustomFieldCandidatesKeepEveryMatchOfTheJSONTextComparison: the item list's customField
// filter compares the JSON text of the key's value (->>) with the filter's value, and first
// narrows the items to those containing one of customFieldCandidates, for the index. For every
// kind of stored value and filter value, an item the comparison matches contains a candidate,
// so the narrowing never loses a match; values that may spell an array or object have no
// candidates (the filter then compares every item).
func TestCustomFieldCandidatesKeepEveryMatchOfTheJSONTextComparison(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	stored := []string{`"5"`, `5`, `5.0`, `5.50`, `-0.5`, `0`, `-0`, `1e3`, `1000`, `true`, `false`, `null`, `"true"`,
		`""`, `"[x"`, `["a", "b"]`, `{"a": 1}`, `"a \"quoted\" <b> & c"`, `"ünï"`, `[]`, `{}`}
	values := []string{"5", "5.0", "5.5", "5.50", "-0.5", "0", "-0", "1e3", "1000", "true", "false", "null", "",
		"[x", `["a", "b"]`, `{"a": 1}`, `a "quoted" <b> & c`, "ünï", "[]", "{}", "05", " 5", "+5", ".5"}
	const check = `SELECT coalesce(($1::jsonb ->> 'k') = $2, false), $1::jsonb @> ANY($3::jsonb[])`
	for _, s := range stored {
		doc := `{"k": ` + s + `}`
		for _, v := range values {
			candidates := customFieldCandidates("k", v)
			if candidates == nil {
				if v == "" || (v[0] != '[' && v[0] != '{') {
					t.Errorf("value %q has no candidates", v)
				}
				continue
			}
			var matches, contains bool
			if err := pool.QueryRowContext(context.Background(), check, doc, v, db.Array(candidates)).Scan(&matches, &contains); err != nil {
				t.Fatalf("stored %s, value %q: %v", s, v, err)
			}
			if matches && !contains {
				t.Errorf("stored %s matches value %q, but contains none of %v", s, v, candidates)
			}
		}
	}
}
