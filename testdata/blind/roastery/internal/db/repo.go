package db

import (
	"context"
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Repo is a thin typed wrapper over gorm for a single model. Models declare
// their table with a TableName method.
type Repo[T any] struct {
	db *gorm.DB
}

// NewRepo returns a repository bound to gdb.
func NewRepo[T any](gdb *gorm.DB) *Repo[T] {
	return &Repo[T]{db: gdb}
}

// WithTx returns a copy of the repository that runs on tx.
func (r *Repo[T]) WithTx(tx *gorm.DB) *Repo[T] {
	return &Repo[T]{db: tx}
}

// DB exposes the underlying handle for queries the repository does not cover.
func (r *Repo[T]) DB(ctx context.Context) *gorm.DB {
	return r.db.WithContext(ctx)
}

// Get loads a row by primary key.
func (r *Repo[T]) Get(ctx context.Context, id any) (*T, error) {
	var v T
	err := r.db.WithContext(ctx).First(&v, "id = ?", id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return &v, nil
}

// FindOne loads the first row matching query.
func (r *Repo[T]) FindOne(ctx context.Context, query string, args ...any) (*T, error) {
	var v T
	err := r.db.WithContext(ctx).Where(query, args...).Take(&v).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return &v, nil
}

// Exists reports whether any row matches query.
func (r *Repo[T]) Exists(ctx context.Context, query string, args ...any) (bool, error) {
	var n int64
	var v T
	if err := r.db.WithContext(ctx).Model(&v).Where(query, args...).Limit(1).Count(&n).Error; err != nil {
		return false, err
	}
	return n > 0, nil
}

// Create inserts v.
func (r *Repo[T]) Create(ctx context.Context, v *T) error {
	return r.db.WithContext(ctx).Create(v).Error
}

// CreateIfAbsent inserts v unless a row already holds the same values for
// conflictCols. It reports whether a row was inserted.
func (r *Repo[T]) CreateIfAbsent(ctx context.Context, v *T, conflictCols ...string) (bool, error) {
	cols := make([]clause.Column, 0, len(conflictCols))
	for _, c := range conflictCols {
		cols = append(cols, clause.Column{Name: c})
	}
	res := r.db.WithContext(ctx).Clauses(clause.OnConflict{Columns: cols, DoNothing: true}).Create(v)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

// Save updates every column of v.
func (r *Repo[T]) Save(ctx context.Context, v *T) error {
	return r.db.WithContext(ctx).Save(v).Error
}

// UpdateWhere applies updates to rows matching query and returns the number
// of rows changed.
func (r *Repo[T]) UpdateWhere(ctx context.Context, updates map[string]any, query string, args ...any) (int64, error) {
	var v T
	res := r.db.WithContext(ctx).Model(&v).Where(query, args...).Updates(updates)
	return res.RowsAffected, res.Error
}
