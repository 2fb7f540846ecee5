package tests

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"testing"

	"mos/gen/client"
)

// listAttachmentsQuery lists the attachments of filter f with the query string, failing t
// unless the answer is 200.
func listAttachmentsQuery(t *testing.T, te *tenantEnv, query string, f client.AttachmentFilter) []client.Attachment {
	t.Helper()
	res, b := listAttachmentsRaw(t, te, query, f)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var list []client.Attachment
	if err := json.Unmarshal(b, &list); err != nil {
		t.Fatal(err)
	}
	return list
}

func listAttachmentsRaw(t *testing.T, te *tenantEnv, query string, f client.AttachmentFilter) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodPost, "/api/attachments/list?"+query, te.Token, "application/json", mustJSON(t, f))
}

func attachmentNames(list []client.Attachment) []string {
	out := make([]string, len(list))
	for i, a := range list {
		out[i] = a.Name
	}
	return out
}

func TestAttachmentListPagesAndSortsByTheListConvention(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("ATT-LIST"))
	// Uploaded out of name order, each a different size (so size order differs from both).
	for i, name := range []string{"c.txt", "A.txt", "e.txt", "b.txt", "D.txt"} {
		attachToItem(t, te, itemID, name, uniqueBytes(t, name, 10+(i*7)%5))
	}
	byName := []string{"A.txt", "b.txt", "c.txt", "D.txt", "e.txt"}
	cases := []struct {
		query string
		want  []string
	}{
		{"", byName},
		{"Skip=1&Take=2", byName[1:3]},
		{"Take=3", byName[:3]},
		{"Skip=4", byName[4:]},
		{"Skip=5", []string{}},
		{"Sort.Dir=descending", reversed(byName)},
		{"Sort.Dir=descending&Skip=1&Take=2", reversed(byName)[1:3]},
		{"Sort.Field=name", byName},
		{"Sort.Field=Name&Sort.Dir=descending", reversed(byName)},
	}
	for _, c := range cases {
		t.Run("query "+c.query, func(t *testing.T) {
			if got := attachmentNames(listAttachmentsQuery(t, te, c.query, ofItem(itemID))); !slices.Equal(got, c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
		})
	}
	// A known field sorts both ways, ties on id.
	bySize := func(a, b client.Attachment) int {
		if a.Size != b.Size {
			return int(a.Size - b.Size)
		}
		return compareStrings(a.Id, b.Id)
	}
	asc := listAttachmentsQuery(t, te, "Sort.Field=size", ofItem(itemID))
	desc := listAttachmentsQuery(t, te, "Sort.Field=Size&Sort.Dir=descending", ofItem(itemID))
	if len(asc) != 5 || !slices.IsSortedFunc(asc, bySize) {
		t.Fatalf("by size: %+v", asc)
	}
	if !slices.Equal(attachmentIDs(desc), reversed(attachmentIDs(asc))) {
		t.Fatalf("by size descending %v is not the reverse of ascending %v", attachmentIDs(desc), attachmentIDs(asc))
	}
	if ids := attachmentIDs(listAttachmentsQuery(t, te, "Sort.Field=owner.type", ofItem(itemID))); !slices.IsSorted(ids) {
		t.Fatalf("one owner type sorts on the id tie-break: %v", ids)
	}
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func TestAttachmentListRefusesUnknownSortFieldsAndTakeAboveTheMaximum(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("ATT-LIST-BAD"))
	const sortable = "sortable fields: accessUrl, createdUtc, description, fileId, format, id, isNoteAttachment, lotId, name, owner.type, parent.type, size"
	cases := []struct{ query, field, want string }{
		{"Sort.Field=colour", "Sort.Field", `unknown sort field "colour"; ` + sortable},
		{"Sort.Field=" + url.QueryEscape("owner.id"), "Sort.Field", `sort field "owner.id" names an id and is not sortable; ` + sortable},
		{"Take=5001", "Take", ""},
	}
	for _, c := range cases {
		t.Run(c.query, func(t *testing.T) {
			res, body := listAttachmentsRaw(t, te, c.query, ofItem(itemID))
			p := mustProblem(t, res, body, http.StatusBadRequest)
			mustNameField(t, p, c.field)
			if c.want != "" && p.Errors[c.field][0] != c.want {
				t.Fatalf("%q, want %q", p.Errors[c.field][0], c.want)
			}
		})
	}
}

// TestAttachmentListAnswersAtMostTakeRows: without paging the list answers at most 5000
// attachments (the largest Take), never every match; Skip and Take page past them.
func TestAttachmentListAnswersAtMostTakeRows(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("ATT-CAP"))
	const total = 5003
	// Remote attachments written straight to the table: the cap is the point, not the uploads.
	_, err := srv.Pool.ExecContext(context.Background(), `
INSERT INTO attachments (tenant_id, id, owner_type, owner_id, name, format, access_url)
SELECT $1, substr(md5($2 || i::text), 1, 24), 'item', $2, 'file ' || lpad(i::text, 5, '0'), 'document', 'https://example.com/f'
FROM generate_series(1, $3::int) AS i`, te.ID, itemID, total)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		query string
		want  int
		first string
	}{
		{"", 5000, "file 00001"},
		{"Take=5000", 5000, "file 00001"},
		{"Take=7", 7, "file 00001"},
		{"Skip=5000", total - 5000, "file 05001"},
		{"Skip=10", 50, "file 00011"},
	}
	for _, c := range cases {
		t.Run("query "+c.query, func(t *testing.T) {
			list := listAttachmentsQuery(t, te, c.query, ofItem(itemID))
			if len(list) != c.want || list[0].Name != c.first {
				t.Fatalf("%d attachments from %q, want %d from %q", len(list), list[0].Name, c.want, c.first)
			}
		})
	}
	if n := tenantAttachments(t, te); n != total {
		t.Fatalf("%d attachments stored, want %d", n, total)
	}
}
