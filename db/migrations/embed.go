// Package migrations embeds the golang-migrate SQL files so the binary carries its schema.
package migrations

import "embed"

// FS holds NNNNNN_title.up.sql and .down.sql files.
//
//go:embed *.sql
var FS embed.FS
