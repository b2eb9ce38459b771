// Package repository provides a small generic helper for tables that map
// one-to-one onto a struct with `db` tags. Anything with joins or locking
// stays hand-written in the feature's store.
package repository

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"sync"

	"github.com/harvestloop/farmshare/internal/platform/database"
)

// Repository[T] reads and writes rows of one table. T must be a struct whose
// exported fields carry `db:"column"` tags; the key column is named by Key.
type Repository[T any] struct {
	Table string
	Key   string

	once    sync.Once
	columns []string
}

// New builds a repository for table keyed by key.
func New[T any](table, key string) *Repository[T] {
	return &Repository[T]{Table: table, Key: key}
}

func (r *Repository[T]) cols() []string {
	r.once.Do(func() {
		var zero T
		t := reflect.TypeOf(zero)
		for i := 0; i < t.NumField(); i++ {
			tag := t.Field(i).Tag.Get("db")
			if tag == "" || tag == "-" {
				continue
			}
			if name, opts, _ := strings.Cut(tag, ","); opts != "readonly" {
				r.columns = append(r.columns, name)
			}
		}
	})
	return r.columns
}

func (r *Repository[T]) insertSQL() string {
	cols := r.cols()
	named := make([]string, len(cols))
	for i, c := range cols {
		named[i] = ":" + c
	}
	return fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s)",
		r.Table, strings.Join(cols, ", "), strings.Join(named, ", "))
}

// Insert writes v as a new row.
func (r *Repository[T]) Insert(ctx context.Context, q database.Queryer, v *T) error {
	if _, err := q.NamedExecContext(ctx, r.insertSQL(), v); err != nil {
		return fmt.Errorf("insert %s: %w", r.Table, err)
	}
	return nil
}

// InsertIgnore writes v unless a row already exists for the conflict target.
// It reports whether a row was written.
func (r *Repository[T]) InsertIgnore(ctx context.Context, q database.Queryer, v *T, conflict ...string) (bool, error) {
	target := r.Key
	if len(conflict) > 0 {
		target = strings.Join(conflict, ", ")
	}
	query := r.insertSQL() + fmt.Sprintf(" ON CONFLICT (%s) DO NOTHING", target)
	res, err := q.NamedExecContext(ctx, query, v)
	if err != nil {
		return false, fmt.Errorf("insert %s: %w", r.Table, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n == 1, nil
}

// Get loads the row whose key equals id.
func (r *Repository[T]) Get(ctx context.Context, q database.Queryer, id any) (*T, error) {
	var v T
	query := fmt.Sprintf("SELECT * FROM %s WHERE %s = $1", r.Table, r.Key)
	if err := q.GetContext(ctx, &v, query, id); err != nil {
		return nil, database.NotFound(err)
	}
	return &v, nil
}

// GetBy loads the single row matching all of the given column values.
func (r *Repository[T]) GetBy(ctx context.Context, q database.Queryer, where map[string]any) (*T, error) {
	clause, args := whereClause(where)
	var v T
	query := fmt.Sprintf("SELECT * FROM %s WHERE %s LIMIT 1", r.Table, clause)
	if err := q.GetContext(ctx, &v, query, args...); err != nil {
		return nil, database.NotFound(err)
	}
	return &v, nil
}

// List returns rows matching where, ordered by orderBy.
func (r *Repository[T]) List(ctx context.Context, q database.Queryer, where map[string]any, orderBy string) ([]T, error) {
	query := "SELECT * FROM " + r.Table
	var args []any
	if len(where) > 0 {
		var clause string
		clause, args = whereClause(where)
		query += " WHERE " + clause
	}
	if orderBy != "" {
		query += " ORDER BY " + orderBy
	}
	var out []T
	if err := q.SelectContext(ctx, &out, query, args...); err != nil {
		return nil, fmt.Errorf("list %s: %w", r.Table, err)
	}
	return out, nil
}

// Update sets the given columns on the row keyed by id and reports whether
// a row matched.
func (r *Repository[T]) Update(ctx context.Context, q database.Queryer, id any, set map[string]any) (bool, error) {
	keys := sortedKeys(set)
	parts := make([]string, len(keys))
	args := make([]any, 0, len(keys)+1)
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s = $%d", k, i+1)
		args = append(args, set[k])
	}
	args = append(args, id)
	query := fmt.Sprintf("UPDATE %s SET %s WHERE %s = $%d",
		r.Table, strings.Join(parts, ", "), r.Key, len(args))
	res, err := q.ExecContext(ctx, query, args...)
	if err != nil {
		return false, fmt.Errorf("update %s: %w", r.Table, err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// Delete removes the row keyed by id.
func (r *Repository[T]) Delete(ctx context.Context, q database.Queryer, id any) error {
	query := fmt.Sprintf("DELETE FROM %s WHERE %s = $1", r.Table, r.Key)
	_, err := q.ExecContext(ctx, query, id)
	return err
}

func whereClause(where map[string]any) (string, []any) {
	keys := sortedKeys(where)
	parts := make([]string, len(keys))
	args := make([]any, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s = $%d", k, i+1)
		args[i] = where[k]
	}
	return strings.Join(parts, " AND "), args
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}
