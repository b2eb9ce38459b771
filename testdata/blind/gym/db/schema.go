// Package schema embeds the SQL migrations applied by cmd/migrate.
package schema

import "embed"

//go:embed migrations/*.sql
var Migrations embed.FS
