// Package sql stands for entgo.io/ent/dialect/sql: the conflict options
// a generated upsert takes.
package sql

type ConflictConfig struct{ Columns []string }

type ConflictOption func(*ConflictConfig)

func ConflictColumns(columns ...string) ConflictOption {
	return func(c *ConflictConfig) { c.Columns = columns }
}
