// Package store has the small generic repository used for the tables whose
// access is plain CRUD (families, children, ratio readings). Anything with
// real query logic lives in sqlc queries under internal/db.
package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/acornlane-childcare/nursery/internal/db"
	"github.com/acornlane-childcare/nursery/internal/platform/pgtx"
)

// Row is an ordered set of column values for an insert.
type Row struct {
	Columns []string
	Values  []any
}

// Set appends a column/value pair and returns the row for chaining.
func (r Row) Set(column string, value any) Row {
	r.Columns = append(r.Columns, column)
	r.Values = append(r.Values, value)
	return r
}

// Repository reads rows of a single table into T (matched on `db` tags) and
// writes rows given as column lists. It joins the transaction in ctx when
// there is one.
type Repository[T any] struct {
	pool  db.DBTX
	table string
	key   string
}

func NewRepository[T any](pool db.DBTX, table, key string) *Repository[T] {
	return &Repository[T]{pool: pool, table: table, key: key}
}

func (r *Repository[T]) conn(ctx context.Context) db.DBTX {
	return pgtx.Conn(ctx, r.pool)
}

func (r *Repository[T]) ident(name string) string {
	return pgx.Identifier{name}.Sanitize()
}

// Get loads the row whose key column equals id.
func (r *Repository[T]) Get(ctx context.Context, id any) (T, error) {
	sql := fmt.Sprintf("SELECT * FROM %s WHERE %s = $1", r.ident(r.table), r.ident(r.key))
	rows, err := r.conn(ctx).Query(ctx, sql, id)
	if err != nil {
		var zero T
		return zero, err
	}
	return pgx.CollectExactlyOneRow(rows, pgx.RowToStructByName[T])
}

// ListBy loads every row where column equals value.
func (r *Repository[T]) ListBy(ctx context.Context, column string, value any) ([]T, error) {
	sql := fmt.Sprintf("SELECT * FROM %s WHERE %s = $1", r.ident(r.table), r.ident(column))
	rows, err := r.conn(ctx).Query(ctx, sql, value)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[T])
}

// Insert writes row and returns the stored record.
func (r *Repository[T]) Insert(ctx context.Context, row Row) (T, error) {
	sql := r.insertSQL(row) + " RETURNING *"
	rows, err := r.conn(ctx).Query(ctx, sql, row.Values...)
	if err != nil {
		var zero T
		return zero, err
	}
	return pgx.CollectExactlyOneRow(rows, pgx.RowToStructByName[T])
}

// InsertIfAbsent writes row unless it collides on the conflict columns and
// reports whether a row was written.
func (r *Repository[T]) InsertIfAbsent(ctx context.Context, row Row, conflict ...string) (bool, error) {
	targets := make([]string, len(conflict))
	for i, c := range conflict {
		targets[i] = r.ident(c)
	}
	sql := r.insertSQL(row) + " ON CONFLICT (" + strings.Join(targets, ", ") + ") DO NOTHING"
	tag, err := r.conn(ctx).Exec(ctx, sql, row.Values...)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *Repository[T]) insertSQL(row Row) string {
	cols := make([]string, len(row.Columns))
	params := make([]string, len(row.Columns))
	for i, c := range row.Columns {
		cols[i] = r.ident(c)
		params[i] = fmt.Sprintf("$%d", i+1)
	}
	return fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s)",
		r.ident(r.table), strings.Join(cols, ", "), strings.Join(params, ", "))
}
