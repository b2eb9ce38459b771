// Package generic is a repository written once for every model.
package generic

import (
	"context"

	"gorm.io/gorm"
)

// Repository reads and writes rows of T.
type Repository[T any] struct{ db *gorm.DB }

// New returns a Repository over db.
func New[T any](db *gorm.DB) *Repository[T] { return &Repository[T]{db: db} }

// Get reads the row of T with the ID given.
func (r *Repository[T]) Get(ctx context.Context, id string) (*T, error) {
	var v T
	err := r.db.WithContext(ctx).Where("id = ?", id).Take(&v).Error
	return &v, err
}
