// Package openapi carries the contract into the binary: the server publishes the very bytes
// of v1.yaml it was built from (GET /api/openapi.yaml), not a re-serialisation of them.
package openapi

import _ "embed"

// V1 is openapi/v1.yaml as committed. Read-only: callers must not modify it.
//
//go:embed v1.yaml
var V1 []byte
