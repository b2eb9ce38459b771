// Package genrepo is a generic repository that formats its statements
// around the table and columns its row type names.
package genrepo

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// Entity is a row type.
type Entity interface {
	TableName() string
	Columns() []string
	Values() []any
}

// Repo stores rows of T.
type Repo[T any, P interface {
	*T
	Entity
}] struct{ DB *sql.DB }

func placeholders(n int) string {
	ps := make([]string, n)
	for i := range ps {
		ps[i] = fmt.Sprintf("$%d", i+1)
	}
	return strings.Join(ps, ", ")
}

// Insert adds v.
func (r *Repo[T, P]) Insert(ctx context.Context, v P) error {
	cols := v.Columns()
	q := fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s)", v.TableName(), strings.Join(cols, ", "), placeholders(len(cols)))
	_, err := r.DB.ExecContext(ctx, q, v.Values()...)
	return err
}

// InsertIgnore adds v unless a row of its key is there, and says
// whether it did.
func (r *Repo[T, P]) InsertIgnore(ctx context.Context, v P) (bool, error) {
	cols := v.Columns()
	q := fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s) ON CONFLICT DO NOTHING", v.TableName(), strings.Join(cols, ", "), placeholders(len(cols)))
	res, err := r.DB.ExecContext(ctx, q, v.Values()...)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// A GateEvent is an event a gate reports, under the partner's ID.
type GateEvent struct {
	ID   string
	Gate string
}

// TableName names the table.
func (*GateEvent) TableName() string { return "gate_events" }

// Columns names the columns.
func (*GateEvent) Columns() []string { return []string{"id", "gate"} }

// Values are the columns' values.
func (e *GateEvent) Values() []any { return []any{e.ID, e.Gate} }

// Table stores rows of T in the table it is made for, formatting its
// INSERT in a method of its own.
type Table[T any] struct {
	DB   *sql.DB
	Name string
}

func (t *Table[T]) insertSQL() string {
	return fmt.Sprintf("INSERT INTO %s (id) VALUES ($1)", t.Name)
}

// Insert adds v.
func (t *Table[T]) Insert(ctx context.Context, v *T) error {
	_, err := t.DB.ExecContext(ctx, t.insertSQL(), v) // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into scans in genrepo.Table.Insert has no conflict handling for the caller-known id \(HTTP handler Handler.Report\)`
	return err
}

// A Scan is a scan a gate reports, under the partner's ID.
type Scan struct{ ID string }
