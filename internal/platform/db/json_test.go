package db_test

import (
	"strings"
	"testing"

	"mos/internal/platform/db"
)

// TestScanJSONReadsJSONColumns proves the one body of the JSON Scan methods: bytes and text
// decode, NULL reports false and leaves the destination, and anything else is an error
// naming the value.
func TestScanJSONReadsJSONColumns(t *testing.T) {
	type shown struct {
		Name string `json:"name"`
	}
	for _, src := range []any{[]byte(`{"name":"a"}`), `{"name":"a"}`} {
		var got shown
		if ok, err := db.ScanJSON(src, &got, "thing"); !ok || err != nil || got.Name != "a" {
			t.Fatalf("%T: %v %v %+v", src, ok, err, got)
		}
	}
	kept := shown{Name: "kept"}
	if ok, err := db.ScanJSON(nil, &kept, "thing"); ok || err != nil || kept.Name != "kept" {
		t.Fatalf("NULL: %v %v %+v", ok, err, kept)
	}
	for _, src := range []any{42, []byte(`{"name":`)} {
		var got shown
		if _, err := db.ScanJSON(src, &got, "thing"); err == nil || !strings.HasPrefix(err.Error(), "thing: ") {
			t.Fatalf("%v: error %v, want one naming the thing", src, err)
		}
	}
}
