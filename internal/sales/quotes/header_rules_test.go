package quotes

import (
	"testing"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/patch"
)

func TestDefaultExpirationCountsFromTheShopDay(t *testing.T) {
	t.Parallel()
	// 2026-11-24 20:00 UTC is already 2026-11-25 in Tokyo and still 2026-11-24 in Chicago.
	now := time.Date(2026, 11, 24, 20, 0, 0, 0, time.UTC)
	cases := []struct {
		tz   string
		days int
		want string
	}{
		{"UTC", 30, "2026-12-24"},
		{"Asia/Tokyo", 30, "2026-12-25"},
		{"America/Chicago", 1, "2026-11-25"},
		{"Asia/Tokyo", 3650, "2036-11-22"},
	}
	for _, c := range cases {
		got, err := defaultExpiration(c.tz, now, c.days)
		if err != nil || got.Format(time.DateOnly) != c.want || got.Location() != time.UTC || got.Hour() != 0 {
			t.Errorf("%s + %d: %v, %v; want %s at midnight UTC", c.tz, c.days, got, err, c.want)
		}
	}
	if _, err := defaultExpiration("Mars/Base", now, 30); err == nil {
		t.Error("unknown timezone accepted")
	}
}

func TestNormalizeAddressTrimsAndChecksEmail(t *testing.T) {
	t.Parallel()
	blank, city, bad := "  ", " Dayton ", "a@b, c@d"
	fields := apperr.Fields{}
	got := normalizeAddress(fields, "billingAddress", &Address{Name: &blank, City: &city})
	if fields.Err() != nil || got.Name != nil || got.City == nil || *got.City != "Dayton" {
		t.Fatalf("normalized %+v, %v", got, fields.Err())
	}
	normalizeAddress(fields, "shippingAddress", &Address{Email: &bad})
	if len(fields["shippingAddress.email"]) == 0 {
		t.Fatalf("errors %v do not name shippingAddress.email", fields)
	}
	if normalizeAddress(apperr.Fields{}, "billingAddress", nil) != nil {
		t.Fatal("no address must stay none")
	}
}

func TestTouchesNamesTheMemberOrBelow(t *testing.T) {
	t.Parallel()
	from := "/dueDate"
	ops := []patch.Operation{{Op: "replace", Path: "/notes"}, {Op: "copy", Path: "/expirationDate", From: &from}}
	for member, want := range map[string]bool{"/dueDate": true, "/expirationDate": true, "/notes": true, "/due": false, "/customFields": false} {
		if got := touches(ops, member); got != want {
			t.Errorf("touches %s = %v, want %v", member, got, want)
		}
	}
	if !touches([]patch.Operation{{Op: "remove", Path: "/customFields/project"}}, "/customFields") {
		t.Error("a path under the member must count")
	}
}

func TestSameDay(t *testing.T) {
	t.Parallel()
	a := time.Date(2027, 1, 15, 0, 0, 0, 0, time.UTC)
	b := a
	c := a.AddDate(0, 0, 1)
	if !sameDay(nil, nil) || !sameDay(&a, &b) || sameDay(&a, &c) || sameDay(&a, nil) || sameDay(nil, &a) {
		t.Fatal("sameDay is wrong")
	}
}
