package store

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"github.com/encorelane/resale/internal/domain"
)

// Repository is the CRUD base embedded by every table-specific repository.
type Repository[T any] struct {
	db *gorm.DB
}

func NewRepository[T any](db *gorm.DB) *Repository[T] {
	return &Repository[T]{db: db}
}

// DB returns the handle to use for ctx: the carried transaction or the
// handle this repository was built with.
func (r *Repository[T]) DB(ctx context.Context) *gorm.DB {
	return Conn(ctx, r.db)
}

func (r *Repository[T]) Create(ctx context.Context, v *T) error {
	return r.DB(ctx).Create(v).Error
}

func (r *Repository[T]) Save(ctx context.Context, v *T) error {
	return r.DB(ctx).Save(v).Error
}

func (r *Repository[T]) Get(ctx context.Context, id string) (*T, error) {
	var v T
	err := r.DB(ctx).Where("id = ?", id).Take(&v).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, domain.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return &v, nil
}

func (r *Repository[T]) FindOne(ctx context.Context, query string, args ...any) (*T, error) {
	var v T
	err := r.DB(ctx).Where(query, args...).Take(&v).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, domain.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return &v, nil
}

func (r *Repository[T]) Find(ctx context.Context, query string, args ...any) ([]T, error) {
	var out []T
	if err := r.DB(ctx).Where(query, args...).Find(&out).Error; err != nil {
		return nil, err
	}
	return out, nil
}
