// Package db carries the goose migrations so every binary can run them
// from its own image.
package db

import "embed"

// Migrations holds the SQL files under db/migrations.
//
//go:embed migrations/*.sql
var Migrations embed.FS

// MigrationsDir is the directory inside Migrations that goose reads.
const MigrationsDir = "migrations"
