// Package db holds the goose migrations for the fuel-card schema.
package db

import "embed"

// Migrations is the embedded goose migration directory.
//
//go:embed migrations/*.sql
var Migrations embed.FS

// MigrationsDir is the directory inside Migrations that goose reads.
const MigrationsDir = "migrations"
