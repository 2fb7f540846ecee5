// Package inuse lets an area ask "is this record used by something?" without knowing who
// might use it. The area that owns the record owns a Registry; each area whose records refer
// to it registers a named Check when the service is wired (internal/httpapi), so a lower area
// never imports a higher one and a new document area joins by registering, not by editing the
// lower area.
package inuse

import (
	"context"

	"mos/internal/platform/db"
)

// Check reports whether the tenant's record id is used by the registering area. It runs in
// the caller's transaction (q), so what it reads is consistent with the change it guards.
type Check func(ctx context.Context, q db.Q, tenantID, id string) (bool, error)

// Registry is the set of checks one rule asks. Register every check before the server starts
// serving: a Registry is read concurrently afterwards and never written again.
type Registry struct {
	checks []named
}

type named struct {
	what  string
	check Check
}

// Register adds a check; what names the use in a problem's detail ("inventory on hand").
func (r *Registry) Register(what string, check Check) {
	r.checks = append(r.checks, named{what: what, check: check})
}

// Users returns what uses the record, in registration order: the names of the checks that
// report it in use, nil when none does.
func (r *Registry) Users(ctx context.Context, q db.Q, tenantID, id string) ([]string, error) {
	var users []string
	for _, c := range r.checks {
		used, err := c.check(ctx, q, tenantID, id)
		if err != nil {
			return nil, err
		}
		if used {
			users = append(users, c.what)
		}
	}
	return users, nil
}

// Names returns what the registered checks look for, in registration order.
func (r *Registry) Names() []string {
	out := make([]string, len(r.checks))
	for i, c := range r.checks {
		out[i] = c.what
	}
	return out
}
