package database

import (
	"context"
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// ErrNotFound is returned when a lookup matches no row.
var ErrNotFound = errors.New("record not found")

// Repository is the typed data access used for most tables. Model types
// carry their own TableName, so one generic implementation covers them.
type Repository[T any] struct {
	db *gorm.DB
}

// NewRepository returns a repository over db.
func NewRepository[T any](db *gorm.DB) *Repository[T] {
	return &Repository[T]{db: db}
}

// WithTx returns a repository bound to an open transaction.
func (r *Repository[T]) WithTx(tx *gorm.DB) *Repository[T] {
	return &Repository[T]{db: tx}
}

// DB exposes the handle for queries the helpers do not cover.
func (r *Repository[T]) DB(ctx context.Context) *gorm.DB {
	return r.db.WithContext(ctx)
}

// Create inserts v.
func (r *Repository[T]) Create(ctx context.Context, v *T) error {
	return r.db.WithContext(ctx).Create(v).Error
}

// CreateOrSkip inserts v unless a row already holds the same values in the
// conflict columns. It reports whether v was inserted.
func (r *Repository[T]) CreateOrSkip(ctx context.Context, v *T, conflictColumns ...string) (bool, error) {
	cols := make([]clause.Column, 0, len(conflictColumns))
	for _, c := range conflictColumns {
		cols = append(cols, clause.Column{Name: c})
	}
	res := r.db.WithContext(ctx).
		Clauses(clause.OnConflict{Columns: cols, DoNothing: true}).
		Create(v)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected > 0, nil
}

// Get loads the row with the given primary key.
func (r *Repository[T]) Get(ctx context.Context, id any) (*T, error) {
	var v T
	err := r.db.WithContext(ctx).Where("id = ?", id).Take(&v).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return &v, nil
}

// FindOne returns the first row matching the condition.
func (r *Repository[T]) FindOne(ctx context.Context, query string, args ...any) (*T, error) {
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

// Find returns all rows matching the condition.
func (r *Repository[T]) Find(ctx context.Context, query string, args ...any) ([]T, error) {
	var out []T
	err := r.db.WithContext(ctx).Where(query, args...).Find(&out).Error
	return out, err
}

// Save writes every column of v.
func (r *Repository[T]) Save(ctx context.Context, v *T) error {
	return r.db.WithContext(ctx).Save(v).Error
}

// UpdateWhere applies values to the rows matching the condition and reports
// how many changed.
func (r *Repository[T]) UpdateWhere(ctx context.Context, values map[string]any, query string, args ...any) (int64, error) {
	var zero T
	res := r.db.WithContext(ctx).Model(&zero).Where(query, args...).Updates(values)
	return res.RowsAffected, res.Error
}
