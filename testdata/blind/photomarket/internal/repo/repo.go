// Package repo provides a small generic repository for simple tables that
// do not warrant hand-written sqlc queries (append-only logs, lookups).
package repo

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// DBTX is satisfied by *sql.DB and *sql.Tx.
type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Entity describes how a row type maps to its table. The first column is
// treated as the primary key.
type Entity interface {
	Table() string
	Columns() []string
	Values() []any
}

// Row is the constraint for the pointer type of an entity: it must map to a
// table and expose scan destinations for its columns in Columns() order.
type Row[T any] interface {
	*T
	Entity
	ScanDest() []any
}

// ErrNotFound is returned by Get and FindOne when no row matches.
var ErrNotFound = errors.New("repo: not found")

// Repo is a typed accessor for one table.
type Repo[T any, PT Row[T]] struct {
	db DBTX
}

// New returns a repository bound to db.
func New[T any, PT Row[T]](db DBTX) *Repo[T, PT] {
	return &Repo[T, PT]{db: db}
}

// WithTx returns a copy of the repository that runs on tx.
func (r *Repo[T, PT]) WithTx(tx DBTX) *Repo[T, PT] {
	return &Repo[T, PT]{db: tx}
}

func (r *Repo[T, PT]) meta() (table string, cols []string) {
	var zero T
	e := PT(&zero)
	return e.Table(), e.Columns()
}

func placeholders(n int) string {
	ph := make([]string, n)
	for i := range ph {
		ph[i] = fmt.Sprintf("$%d", i+1)
	}
	return strings.Join(ph, ", ")
}

// Insert writes v as a new row.
func (r *Repo[T, PT]) Insert(ctx context.Context, v *T) error {
	e := PT(v)
	cols := e.Columns()
	q := fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s)",
		e.Table(), strings.Join(cols, ", "), placeholders(len(cols)))
	if _, err := r.db.ExecContext(ctx, q, e.Values()...); err != nil {
		return fmt.Errorf("insert %s: %w", e.Table(), err)
	}
	return nil
}

// InsertIgnore writes v unless a row with the same values in conflictCols
// already exists. It reports whether a row was written.
func (r *Repo[T, PT]) InsertIgnore(ctx context.Context, v *T, conflictCols ...string) (bool, error) {
	e := PT(v)
	cols := e.Columns()
	target := ""
	if len(conflictCols) > 0 {
		target = "(" + strings.Join(conflictCols, ", ") + ")"
	}
	q := fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s) ON CONFLICT %s DO NOTHING",
		e.Table(), strings.Join(cols, ", "), placeholders(len(cols)), target)
	res, err := r.db.ExecContext(ctx, q, e.Values()...)
	if err != nil {
		return false, fmt.Errorf("insert %s: %w", e.Table(), err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n == 1, nil
}

// Get loads the row whose primary key is id.
func (r *Repo[T, PT]) Get(ctx context.Context, id any) (*T, error) {
	_, cols := r.meta()
	return r.FindOne(ctx, cols[0], id)
}

// FindOne loads the first row where col equals val.
func (r *Repo[T, PT]) FindOne(ctx context.Context, col string, val any) (*T, error) {
	table, cols := r.meta()
	q := fmt.Sprintf("SELECT %s FROM %s WHERE %s = $1 LIMIT 1", strings.Join(cols, ", "), table, col)
	var v T
	if err := r.db.QueryRowContext(ctx, q, val).Scan(PT(&v).ScanDest()...); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrNotFound
		}
		return nil, fmt.Errorf("select %s: %w", table, err)
	}
	return &v, nil
}

// List returns rows matching an optional where clause, in the given order.
func (r *Repo[T, PT]) List(ctx context.Context, where, orderBy string, args ...any) ([]T, error) {
	table, cols := r.meta()
	q := fmt.Sprintf("SELECT %s FROM %s", strings.Join(cols, ", "), table)
	if where != "" {
		q += " WHERE " + where
	}
	if orderBy != "" {
		q += " ORDER BY " + orderBy
	}
	rows, err := r.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", table, err)
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		var v T
		if err := rows.Scan(PT(&v).ScanDest()...); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
