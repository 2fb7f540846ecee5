package db

import (
	"context"
	"errors"
	"fmt"

	"github.com/golang-migrate/migrate/v4"
	// The postgres driver registers the postgres:// scheme with golang-migrate.
	_ "github.com/golang-migrate/migrate/v4/database/postgres"
	"github.com/golang-migrate/migrate/v4/source/iofs"

	"mos/db/migrations"
)

// newMigrator opens golang-migrate on its own connection (never the service pool:
// closing the migrator closes its connection).
func newMigrator(databaseURL string) (*migrate.Migrate, error) {
	src, err := iofs.New(migrations.FS, ".")
	if err != nil {
		return nil, fmt.Errorf("read embedded migrations: %w", err)
	}
	m, err := migrate.NewWithSourceInstance("iofs", src, databaseURL)
	if err != nil {
		return nil, hideURL(fmt.Errorf("open migrator: %w", err), databaseURL)
	}
	return m, nil
}

// MigrateUp applies every pending migration.
func MigrateUp(databaseURL string) error {
	m, err := newMigrator(databaseURL)
	if err != nil {
		return err
	}
	defer closeMigrator(m)
	if err := m.Up(); err != nil && !errors.Is(err, migrate.ErrNoChange) {
		return fmt.Errorf("migrate up: %w", err)
	}
	return nil
}

// MigrateDown rolls back the most recent migration.
func MigrateDown(databaseURL string) error {
	m, err := newMigrator(databaseURL)
	if err != nil {
		return err
	}
	defer closeMigrator(m)
	if err := m.Steps(-1); err != nil && !errors.Is(err, migrate.ErrNoChange) {
		return fmt.Errorf("migrate down: %w", err)
	}
	return nil
}

// MigrationVersion reports the applied version and whether the last migration failed halfway.
func MigrationVersion(databaseURL string) (version uint, dirty bool, err error) {
	m, err := newMigrator(databaseURL)
	if err != nil {
		return 0, false, err
	}
	defer closeMigrator(m)
	v, d, err := m.Version()
	if errors.Is(err, migrate.ErrNilVersion) {
		return 0, false, nil
	}
	return v, d, err
}

// LatestMigration is the highest version embedded in the binary.
func LatestMigration() (uint, error) {
	src, err := iofs.New(migrations.FS, ".")
	if err != nil {
		return 0, err
	}
	defer func() { _ = src.Close() }()
	v, err := src.First()
	if err != nil {
		return 0, err
	}
	for {
		next, err := src.Next(v)
		if err != nil {
			return v, nil //nolint:nilerr // os.ErrNotExist marks the last migration
		}
		v = next
	}
}

func closeMigrator(m *migrate.Migrate) {
	_, _ = m.Close()
}

// SchemaVersion reads the applied migration version through the pool, for readiness probes.
func (p *Pool) SchemaVersion(ctx context.Context) (version uint, dirty bool, err error) {
	err = p.QueryRowxContext(ctx, `SELECT version, dirty FROM schema_migrations LIMIT 1`).Scan(&version, &dirty)
	return version, dirty, err
}
