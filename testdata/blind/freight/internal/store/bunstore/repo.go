// Package bunstore implements repositories on top of bun.
package bunstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uptrace/bun"

	"github.com/acme/freight/internal/domain"
)

// Repo is a thin generic CRUD repository for bun models keyed by "id".
type Repo[T any] struct {
	db bun.IDB
}

func NewRepo[T any](db *bun.DB) *Repo[T] { return &Repo[T]{db: db} }

// With returns a copy of the repository bound to db (e.g. a bun.Tx).
func (r *Repo[T]) With(db bun.IDB) *Repo[T] { return &Repo[T]{db: db} }

func (r *Repo[T]) Get(ctx context.Context, id string) (*T, error) {
	m := new(T)
	err := r.db.NewSelect().Model(m).Where("id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("get %T: %w", m, err)
	}
	return m, nil
}

func (r *Repo[T]) FindOne(ctx context.Context, where string, args ...any) (*T, error) {
	m := new(T)
	err := r.db.NewSelect().Model(m).Where(where, args...).Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.ErrNotFound
	}
	return m, err
}

func (r *Repo[T]) Insert(ctx context.Context, m *T) error {
	if _, err := r.db.NewInsert().Model(m).Exec(ctx); err != nil {
		return fmt.Errorf("insert %T: %w", m, err)
	}
	return nil
}

// InsertIgnore inserts m unless a row already holds the same values for the
// given unique columns. It reports whether a row was inserted.
func (r *Repo[T]) InsertIgnore(ctx context.Context, m *T, uniqueCols string) (bool, error) {
	res, err := r.db.NewInsert().Model(m).On("CONFLICT (" + uniqueCols + ") DO NOTHING").Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("insert %T: %w", m, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (r *Repo[T]) Update(ctx context.Context, m *T, cols ...string) error {
	_, err := r.db.NewUpdate().Model(m).Column(cols...).WherePK().Exec(ctx)
	return err
}
