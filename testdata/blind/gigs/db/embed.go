// Package db carries the goose migrations for the escrow schema.
package db

import "embed"

// Migrations holds every goose migration under db/migrations.
//
//go:embed migrations/*.sql
var Migrations embed.FS

// MigrationsDir is the directory inside Migrations that goose should read.
const MigrationsDir = "migrations"
