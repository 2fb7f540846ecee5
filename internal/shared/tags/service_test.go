package tags

import (
	"context"
	"testing"

	"mos/internal/dbtest"
)

// TestTagPatchLockLetsItemTagAttachesCheckTheTag: a tag PATCH holds its row while it runs,
// but changes no key, so the KEY SHARE lock that attaching the tag to an item takes (the
// item_tags foreign key check) must not wait for it. NOWAIT turns a wait into an error, so
// a stronger lock fails the test rather than hanging it.
func TestTagPatchLockLetsItemTagAttachesCheckTheTag(t *testing.T) {
	t.Parallel()
	pool, _, tenantID := dbtest.NewWithTenant(t)
	ctx := context.Background()
	svc := NewService(pool)
	id, err := svc.Create(ctx, tenantID, Tags, NewTag{Name: "Hot", Style: "primary"})
	if err != nil {
		t.Fatal(err)
	}
	var checked bool
	patched, err := svc.Patch(ctx, tenantID, Tags, id, func(current Tag) (NewTag, error) {
		// Another connection, while the patch holds the row.
		if _, err := pool.ExecContext(ctx, `SELECT 1 FROM tags WHERE tenant_id = $1 AND id = $2 FOR KEY SHARE NOWAIT`, tenantID, id); err != nil {
			return NewTag{}, err
		}
		checked = true
		return NewTag{Name: current.Name + " Rolled", Style: current.Style}, nil
	})
	if err != nil || !checked || patched.Name != "Hot Rolled" {
		t.Fatalf("patch: %+v, %v (key share taken: %v)", patched, err, checked)
	}
}
