// Package repository provides a small generic data-access layer over bun.
// Services that only need CRUD by primary key use Repository[T] instead of
// writing their own query code; anything more specific is written inline in
// the service with bun's query builders.
package repository

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uptrace/bun"
)

// ErrNotFound is returned by Get when no row has the given id.
var ErrNotFound = errors.New("repository: not found")

// QueryFn narrows a select query.
type QueryFn func(q *bun.SelectQuery) *bun.SelectQuery

// Repository is a typed wrapper around a bun.IDB for model T. T must be a
// struct carrying a bun table tag and an "id" primary key column.
type Repository[T any] struct {
	db bun.IDB
}

// New returns a repository that runs statements on db, which may be a
// *bun.DB or a bun.Tx.
func New[T any](db bun.IDB) *Repository[T] {
	return &Repository[T]{db: db}
}

// WithTx returns a copy of the repository bound to tx.
func (r *Repository[T]) WithTx(tx bun.Tx) *Repository[T] {
	return &Repository[T]{db: tx}
}

// Get loads one row by primary key.
func (r *Repository[T]) Get(ctx context.Context, id any) (*T, error) {
	m := new(T)
	err := r.db.NewSelect().Model(m).Where("?TableAlias.id = ?", id).Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("get %T: %w", m, err)
	}
	return m, nil
}

// Find returns the first row matching fn.
func (r *Repository[T]) Find(ctx context.Context, fn QueryFn) (*T, error) {
	m := new(T)
	err := fn(r.db.NewSelect().Model(m)).Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("find %T: %w", m, err)
	}
	return m, nil
}

// List returns all rows matching fn.
func (r *Repository[T]) List(ctx context.Context, fn QueryFn) ([]T, error) {
	var out []T
	q := r.db.NewSelect().Model(&out)
	if fn != nil {
		q = fn(q)
	}
	if err := q.Scan(ctx); err != nil {
		return nil, fmt.Errorf("list %T: %w", out, err)
	}
	return out, nil
}

// Exists reports whether any row matches fn.
func (r *Repository[T]) Exists(ctx context.Context, fn QueryFn) (bool, error) {
	return fn(r.db.NewSelect().Model((*T)(nil))).Exists(ctx)
}

// Insert writes m as a new row.
func (r *Repository[T]) Insert(ctx context.Context, m *T) error {
	if _, err := r.db.NewInsert().Model(m).Exec(ctx); err != nil {
		return fmt.Errorf("insert %T: %w", m, err)
	}
	return nil
}

// Update writes the given columns of m, matched by primary key. With no
// columns every non-pk column is written.
func (r *Repository[T]) Update(ctx context.Context, m *T, columns ...string) error {
	q := r.db.NewUpdate().Model(m).WherePK()
	if len(columns) > 0 {
		q = q.Column(columns...)
	}
	if _, err := q.Exec(ctx); err != nil {
		return fmt.Errorf("update %T: %w", m, err)
	}
	return nil
}
