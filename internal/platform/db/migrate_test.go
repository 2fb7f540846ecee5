package db_test

import (
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/db"
)

// TestEveryMigrationGoesDownAndUpAgain proves the .down.sql files undo their .up.sql: the
// whole chain is rolled back one step at a time to an empty schema and applied again.
func TestEveryMigrationGoesDownAndUpAgain(t *testing.T) {
	t.Parallel()
	_, url := dbtest.New(t)
	latest, err := db.LatestMigration()
	if err != nil {
		t.Fatal(err)
	}
	for v := latest; v > 0; {
		if err := db.MigrateDown(url); err != nil {
			t.Fatalf("down from %d: %v", v, err)
		}
		next, dirty, err := db.MigrationVersion(url)
		if err != nil || dirty || next >= v {
			t.Fatalf("after down from %d: version %d dirty %v err %v", v, next, dirty, err)
		}
		v = next
	}
	if err := db.MigrateUp(url); err != nil {
		t.Fatalf("up again: %v", err)
	}
	if v, dirty, err := db.MigrationVersion(url); err != nil || dirty || v != latest {
		t.Fatalf("after up: version %d dirty %v err %v, want %d", v, dirty, err, latest)
	}
}
