package httpapi

// pending answers operations whose area is being built: while an area is in progress, give
// it one method per operation returning an error (a 500), and delete them as the area's
// handler lands. Empty now: every operation of the spec is implemented. Temporary: removed
// once every area lands.
type pending struct{}
