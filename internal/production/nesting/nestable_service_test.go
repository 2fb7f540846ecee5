package nesting

import (
	"fmt"
	"testing"
	"time"

	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
)

func TestNestableGroupsSortUndatedLastAscendingAndFirstDescending(t *testing.T) {
	t.Parallel()
	day := func(d int) *time.Time { v := time.Date(2026, 12, d, 0, 0, 0, 0, time.UTC); return &v }
	groups := func() []NestableGroup {
		return []NestableGroup{
			{OperationID: "o3", OperationName: "Saw", MaterialShapeID: "s1", MaterialShapeName: "Sheet"},
			{OperationID: "o1", OperationName: "Laser", MaterialShapeID: "s2", MaterialShapeName: "Bar", EarliestStartDate: day(10)},
			{OperationID: "o1", OperationName: "Laser", MaterialShapeID: "s1", MaterialShapeName: "Sheet", EarliestStartDate: day(5)},
			{OperationID: "o2", OperationName: "Bend", MaterialShapeID: "s1", MaterialShapeName: "Sheet", EarliestStartDate: day(10),
				QuantityRemaining: dec.MustParse("3")},
		}
	}
	for _, c := range []struct {
		field, dir string
		want       string
	}{
		{"", "", "[o1/s1 o2/s1 o1/s2 o3/s1]"}, // earliest start, then operation name, shape name
		{"", "descending", "[o3/s1 o1/s2 o2/s1 o1/s1]"},
		{"earliestStartDate", "descending", "[o3/s1 o2/s1 o1/s2 o1/s1]"}, // ties on the ids, descending
		{"materialShape.name", "", "[o1/s2 o1/s1 o2/s1 o3/s1]"},
		{"quantityRemaining", "descending", "[o2/s1 o3/s1 o1/s2 o1/s1]"},
	} {
		r := listing.Request{}
		if c.field != "" {
			r.SortField = &c.field
		}
		if c.dir != "" {
			r.SortDir = &c.dir
		}
		page, err := listing.Resolve(r, nestableListSpec)
		if err != nil {
			t.Fatal(err)
		}
		list := groups()
		sortGroups(list, page)
		got := make([]string, len(list))
		for i, g := range list {
			got[i] = g.OperationID + "/" + g.MaterialShapeID
		}
		if fmt.Sprint(got) != c.want {
			t.Errorf("sorted by %q %q: %v, want %s", c.field, c.dir, got, c.want)
		}
	}
}
