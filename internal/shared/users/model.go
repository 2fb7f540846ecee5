// Package users serves the tenant's users to the API: the people user-bound tokens act for,
// whom records name by id (who created a note, a quote or a sales order). The operator's
// command line creates them (tenancy issues a user-bound token and creates its user on first
// use); this package only reads them.
package users

import "time"

// User is a stored user of a tenant.
type User struct {
	ID         string
	Name       string
	CreatedUtc time.Time
}

// Filter narrows a list; empty members apply no clause.
type Filter struct {
	IDs  []string
	Name *string // case-insensitive substring
}
