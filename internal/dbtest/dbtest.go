// Package dbtest gives each test a fresh, migrated PostgreSQL database cloned from a
// template, so tests are isolated and can run in parallel on one server, and Tenant puts a
// ready tenant in it the way the tenancy service would.
//
// DATABASE_URL must name a server where the user may create databases (make test
// starts a throwaway cluster and sets it).
package dbtest

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"sync"
	"testing"

	"github.com/jmoiron/sqlx"
	_ "github.com/lib/pq" // the postgres driver

	"mos/db/migrations"
	platformdb "mos/internal/platform/db"
)

var (
	templateOnce sync.Once
	templateName string
	templateErr  error
)

// New returns a pool on a new database migrated to the latest version, and its URL.
// The database is dropped when the test ends.
func New(t testing.TB) (*platformdb.Pool, string) {
	t.Helper()
	pool, dbURL, drop, err := Create()
	if err != nil {
		t.Fatalf("create test database: %v", err)
	}
	t.Cleanup(drop)
	return pool, dbURL
}

// ensureTemplate creates (once per migration set, across concurrent test binaries) a
// database holding the migrated schema, named after a hash of the migration files.
func ensureTemplate(admin string) (string, error) {
	name, err := templateNameForMigrations()
	if err != nil {
		return "", err
	}
	d, err := sqlx.Connect("postgres", admin)
	if err != nil {
		return "", err
	}
	defer func() { _ = d.Close() }()
	conn, err := d.Conn(context.Background())
	if err != nil {
		return "", err
	}
	defer func() { _ = conn.Close() }()
	ctx := context.Background()
	// Serialise template creation between test binaries running at the same time.
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(774411)`); err != nil {
		return "", err
	}
	defer func() { _, _ = conn.ExecContext(ctx, `SELECT pg_advisory_unlock(774411)`) }()

	var exists bool
	if err := conn.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		return "", err
	}
	if exists {
		return name, nil
	}
	building := name + "_building"
	if _, err := conn.ExecContext(ctx, fmt.Sprintf(`DROP DATABASE IF EXISTS %s WITH (FORCE)`, building)); err != nil {
		return "", err
	}
	if _, err := conn.ExecContext(ctx, fmt.Sprintf(`CREATE DATABASE %s`, building)); err != nil {
		return "", err
	}
	if err := platformdb.MigrateUp(withDatabase(admin, building)); err != nil {
		return "", err
	}
	// Rename only once complete, so a crashed run never leaves a half-migrated template.
	if _, err := conn.ExecContext(ctx, fmt.Sprintf(`ALTER DATABASE %s RENAME TO %s`, building, name)); err != nil {
		return "", err
	}
	return name, nil
}

func templateNameForMigrations() (string, error) {
	h := sha256.New()
	err := fs.WalkDir(migrations.FS, ".", func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		b, err := fs.ReadFile(migrations.FS, path)
		if err != nil {
			return err
		}
		h.Write([]byte(path))
		h.Write(b)
		return nil
	})
	if err != nil {
		return "", err
	}
	return "tmpl_" + hex.EncodeToString(h.Sum(nil))[:16], nil
}

func withDatabase(raw, name string) string {
	u, err := url.Parse(raw)
	if err != nil {
		panic(err)
	}
	u.Path = "/" + name
	return u.String()
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}

// Create is New for TestMain, where there is no *testing.T: it returns the pool, its URL
// and a function that drops the database.
func Create() (*platformdb.Pool, string, func(), error) {
	admin := os.Getenv("DATABASE_URL")
	if admin == "" {
		return nil, "", nil, fmt.Errorf("DATABASE_URL is not set: run the tests with `make test`, which starts a throwaway PostgreSQL")
	}
	templateOnce.Do(func() { templateName, templateErr = ensureTemplate(admin) })
	if templateErr != nil {
		return nil, "", nil, templateErr
	}
	name := "t_" + randomHex(8)
	adminDB, err := sqlx.Connect("postgres", admin)
	if err != nil {
		return nil, "", nil, err
	}
	defer func() { _ = adminDB.Close() }()
	if _, err := adminDB.Exec(fmt.Sprintf(`CREATE DATABASE %s TEMPLATE %s`, name, templateName)); err != nil {
		return nil, "", nil, err
	}
	dbURL := withDatabase(admin, name)
	pool, err := platformdb.Open(context.Background(), dbURL)
	if err != nil {
		return nil, "", nil, err
	}
	drop := func() {
		_ = pool.Close()
		if d, err := sqlx.Connect("postgres", admin); err == nil {
			_, _ = d.Exec(fmt.Sprintf(`DROP DATABASE IF EXISTS %s WITH (FORCE)`, name))
			_ = d.Close()
		}
	}
	return pool, dbURL, drop, nil
}
