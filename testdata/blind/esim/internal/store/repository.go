// Package store is the Postgres persistence layer: a generic repository over
// per-entity SQL, transaction helpers and the idempotency key store.
package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// ErrNotFound is returned when a lookup matches no row.
var ErrNotFound = errors.New("store: not found")

// DBTX is satisfied by *pgxpool.Pool, *pgx.Conn and pgx.Tx.
type DBTX interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Entity describes how one model type maps onto its table. Fields returns
// pointers to the struct fields in Columns order; it is used both to scan and
// to bind insert arguments.
type Entity[T any] struct {
	Table    string
	Key      string
	Columns  []string
	Conflict string
	Fields   func(*T) []any
	Queries  map[string]string

	once            sync.Once
	insertSQL       string
	insertIgnoreSQL string
	selectSQL       string
}

func (e *Entity[T]) prepare() {
	e.once.Do(e.build)
}

func (e *Entity[T]) build() {
	cols := strings.Join(e.Columns, ", ")
	ph := make([]string, len(e.Columns))
	for i := range e.Columns {
		ph[i] = fmt.Sprintf("$%d", i+1)
	}
	e.selectSQL = fmt.Sprintf("SELECT %s FROM %s", cols, e.Table)
	e.insertSQL = fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s)", e.Table, cols, strings.Join(ph, ", "))
	target := e.Conflict
	if target == "" {
		target = "(" + e.Key + ")"
	}
	e.insertIgnoreSQL = e.insertSQL + " ON CONFLICT " + target + " DO NOTHING"
}

// Repository gives typed access to one table.
type Repository[T any] struct {
	db DBTX
	e  *Entity[T]
}

// NewRepository binds an entity description to a connection or transaction.
func NewRepository[T any](db DBTX, e *Entity[T]) *Repository[T] {
	e.prepare()
	return &Repository[T]{db: db, e: e}
}

// Get loads the row with the given primary key.
func (r *Repository[T]) Get(ctx context.Context, id any) (*T, error) {
	q := r.e.selectSQL + " WHERE " + r.e.Key + " = $1"
	return r.one(ctx, q, id)
}

// GetForUpdate loads and locks the row with the given primary key.
func (r *Repository[T]) GetForUpdate(ctx context.Context, id any) (*T, error) {
	q := r.e.selectSQL + " WHERE " + r.e.Key + " = $1 FOR UPDATE"
	return r.one(ctx, q, id)
}

// Find runs a named WHERE clause from the entity's query table and returns the
// first row.
func (r *Repository[T]) Find(ctx context.Context, name string, args ...any) (*T, error) {
	where, err := r.query(name)
	if err != nil {
		return nil, err
	}
	return r.one(ctx, r.e.selectSQL+" "+where, args...)
}

// List runs a named WHERE clause and returns every matching row.
func (r *Repository[T]) List(ctx context.Context, name string, args ...any) ([]T, error) {
	where, err := r.query(name)
	if err != nil {
		return nil, err
	}
	rows, err := r.db.Query(ctx, r.e.selectSQL+" "+where, args...)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", r.e.Table, name, err)
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		var v T
		if err := rows.Scan(r.e.Fields(&v)...); err != nil {
			return nil, fmt.Errorf("%s %s scan: %w", r.e.Table, name, err)
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// Insert writes a new row.
func (r *Repository[T]) Insert(ctx context.Context, v *T) error {
	if _, err := r.db.Exec(ctx, r.e.insertSQL, r.e.Fields(v)...); err != nil {
		return fmt.Errorf("insert %s: %w", r.e.Table, err)
	}
	return nil
}

// InsertIgnore writes a new row unless one already holds the entity's
// conflict target. It reports whether the row was written.
func (r *Repository[T]) InsertIgnore(ctx context.Context, v *T) (bool, error) {
	tag, err := r.db.Exec(ctx, r.e.insertIgnoreSQL, r.e.Fields(v)...)
	if err != nil {
		return false, fmt.Errorf("insert %s: %w", r.e.Table, err)
	}
	return tag.RowsAffected() == 1, nil
}

// Exec runs a named statement and returns the number of rows it touched.
func (r *Repository[T]) Exec(ctx context.Context, name string, args ...any) (int64, error) {
	q, err := r.query(name)
	if err != nil {
		return 0, err
	}
	tag, err := r.db.Exec(ctx, q, args...)
	if err != nil {
		return 0, fmt.Errorf("%s %s: %w", r.e.Table, name, err)
	}
	return tag.RowsAffected(), nil
}

// Scalar runs a named statement that yields a single value.
func (r *Repository[T]) Scalar(ctx context.Context, name string, dest any, args ...any) error {
	q, err := r.query(name)
	if err != nil {
		return err
	}
	if err := r.db.QueryRow(ctx, q, args...).Scan(dest); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrNotFound
		}
		return fmt.Errorf("%s %s: %w", r.e.Table, name, err)
	}
	return nil
}

// Returning runs a named statement whose RETURNING list matches Columns.
func (r *Repository[T]) Returning(ctx context.Context, name string, args ...any) ([]T, error) {
	q, err := r.query(name)
	if err != nil {
		return nil, err
	}
	rows, err := r.db.Query(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", r.e.Table, name, err)
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		var v T
		if err := rows.Scan(r.e.Fields(&v)...); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

func (r *Repository[T]) one(ctx context.Context, q string, args ...any) (*T, error) {
	var v T
	err := r.db.QueryRow(ctx, q, args...).Scan(r.e.Fields(&v)...)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("select %s: %w", r.e.Table, err)
	}
	return &v, nil
}

func (r *Repository[T]) query(name string) (string, error) {
	q, ok := r.e.Queries[name]
	if !ok {
		return "", fmt.Errorf("store: %s has no query %q", r.e.Table, name)
	}
	return q, nil
}

// IsUniqueViolation reports whether err is a Postgres unique_violation.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}
