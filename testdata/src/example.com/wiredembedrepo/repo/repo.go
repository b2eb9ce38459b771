// Package repo is a generic repository on gorm that the module's stores
// embed, one per row type.
package repo

import (
	"context"

	"gorm.io/gorm"
)

// Repository stores rows of T.
type Repository[T any] struct{ db *gorm.DB }

// New returns a repository of T on db.
func New[T any](db *gorm.DB) *Repository[T] { return &Repository[T]{db: db} }

// Create inserts v.
func (r *Repository[T]) Create(ctx context.Context, v *T) error {
	return r.db.WithContext(ctx).Create(v).Error // want `a retry inserts the row for the same client_request_id again, which fails or duplicates it: the INSERT into holds in repo.Repository.Create has no conflict handling for the caller-known client_request_id \(HTTP handler Handler.Hold\)`
}
