package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"

	"github.com/jmoiron/sqlx"
)

// Repo is a tiny generic repository for tables that map one-to-one onto a Go
// struct with `db` tags. It covers the boring CRUD for promotions, audit and
// reference tables; money movements use hand-written SQL in their packages.
type Repo[T any] struct {
	Table string
	Key   string

	once    sync.Once
	columns []string
}

// NewRepo returns a repository for table keyed by key.
func NewRepo[T any](table, key string) *Repo[T] {
	return &Repo[T]{Table: table, Key: key}
}

func (r *Repo[T]) cols() []string {
	r.once.Do(func() {
		var zero T
		t := reflect.TypeOf(zero)
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		for i := 0; i < t.NumField(); i++ {
			tag := t.Field(i).Tag.Get("db")
			if tag == "" || tag == "-" {
				continue
			}
			name, opts, _ := strings.Cut(tag, ",")
			if strings.Contains(opts, "readonly") {
				continue
			}
			r.columns = append(r.columns, name)
		}
	})
	return r.columns
}

// Insert writes v as a new row.
func (r *Repo[T]) Insert(ctx context.Context, q sqlx.ExtContext, v *T) error {
	cols := r.cols()
	query := fmt.Sprintf("INSERT INTO %s (%s) VALUES (:%s)",
		r.Table, strings.Join(cols, ", "), strings.Join(cols, ", :"))
	if _, err := sqlx.NamedExecContext(ctx, q, query, v); err != nil {
		return fmt.Errorf("%s: insert: %w", r.Table, err)
	}
	return nil
}

// InsertIgnore writes v unless a row with the same conflict target already
// exists. It reports whether a row was written.
func (r *Repo[T]) InsertIgnore(ctx context.Context, q sqlx.ExtContext, v *T, conflict ...string) (bool, error) {
	cols := r.cols()
	target := r.Key
	if len(conflict) > 0 {
		target = strings.Join(conflict, ", ")
	}
	query := fmt.Sprintf("INSERT INTO %s (%s) VALUES (:%s) ON CONFLICT (%s) DO NOTHING",
		r.Table, strings.Join(cols, ", "), strings.Join(cols, ", :"), target)
	res, err := sqlx.NamedExecContext(ctx, q, query, v)
	if err != nil {
		return false, fmt.Errorf("%s: insert: %w", r.Table, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n == 1, nil
}

// Get loads the row with the given key.
func (r *Repo[T]) Get(ctx context.Context, q sqlx.QueryerContext, id any) (*T, error) {
	var out T
	query := fmt.Sprintf("SELECT * FROM %s WHERE %s = $1", r.Table, r.Key)
	if err := sqlx.GetContext(ctx, q, &out, query, id); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrNotFound
		}
		return nil, fmt.Errorf("%s: get: %w", r.Table, err)
	}
	return &out, nil
}

// GetForUpdate loads and row-locks the row with the given key.
func (r *Repo[T]) GetForUpdate(ctx context.Context, tx *sqlx.Tx, id any) (*T, error) {
	var out T
	query := fmt.Sprintf("SELECT * FROM %s WHERE %s = $1 FOR UPDATE", r.Table, r.Key)
	if err := tx.GetContext(ctx, &out, query, id); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrNotFound
		}
		return nil, fmt.Errorf("%s: get for update: %w", r.Table, err)
	}
	return &out, nil
}

// Select returns rows matching a WHERE clause.
func (r *Repo[T]) Select(ctx context.Context, q sqlx.QueryerContext, where string, args ...any) ([]T, error) {
	var out []T
	query := fmt.Sprintf("SELECT * FROM %s WHERE %s", r.Table, where)
	if err := sqlx.SelectContext(ctx, q, &out, query, args...); err != nil {
		return nil, fmt.Errorf("%s: select: %w", r.Table, err)
	}
	return out, nil
}

// UpdateStatus moves the row from one status to another and reports whether
// the row was in the expected status.
func (r *Repo[T]) UpdateStatus(ctx context.Context, q sqlx.ExecerContext, id any, from, to string) (bool, error) {
	query := fmt.Sprintf("UPDATE %s SET status = $1 WHERE %s = $2 AND status = $3", r.Table, r.Key)
	res, err := q.ExecContext(ctx, query, to, id, from)
	if err != nil {
		return false, fmt.Errorf("%s: update status: %w", r.Table, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n == 1, nil
}
