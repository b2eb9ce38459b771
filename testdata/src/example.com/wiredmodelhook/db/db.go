// Package db is a generic gorm repository.
package db

import (
	"context"

	"gorm.io/gorm"
)

// Repository stores values of T.
type Repository[T any] struct{ DB *gorm.DB }

// Create inserts v.
func (r *Repository[T]) Create(ctx context.Context, v *T) error {
	return r.DB.WithContext(ctx).Create(v).Error
}
