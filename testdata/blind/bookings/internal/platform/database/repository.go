package database

import (
	"context"
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Store is the CRUD surface services depend on. *Repository[T] implements it.
type Store[T any] interface {
	Create(ctx context.Context, entity *T) error
	Save(ctx context.Context, entity *T) error
	UpdateWhere(ctx context.Context, updates map[string]any, query string, args ...any) (int64, error)
	FirstWhere(ctx context.Context, query string, args ...any) (*T, error)
	FindWhere(ctx context.Context, query string, args ...any) ([]T, error)
	LockWhere(ctx context.Context, query string, args ...any) (*T, error)
}

// Repository is a thin generic wrapper over gorm for a single model type.
type Repository[T any] struct {
	db *gorm.DB
}

// NewRepository returns a Repository for model T.
func NewRepository[T any](db *gorm.DB) *Repository[T] {
	return &Repository[T]{db: db}
}

func (r *Repository[T]) conn(ctx context.Context) *gorm.DB {
	return Conn(ctx, r.db)
}

// Create inserts entity.
func (r *Repository[T]) Create(ctx context.Context, entity *T) error {
	return r.conn(ctx).Create(entity).Error
}

// Save upserts entity by primary key (gorm Save semantics).
func (r *Repository[T]) Save(ctx context.Context, entity *T) error {
	return r.conn(ctx).Save(entity).Error
}

// UpdateWhere applies updates to every row matching query and returns the
// number of rows changed.
func (r *Repository[T]) UpdateWhere(ctx context.Context, updates map[string]any, query string, args ...any) (int64, error) {
	var model T
	res := r.conn(ctx).Model(&model).Where(query, args...).Updates(updates)
	return res.RowsAffected, res.Error
}

// FirstWhere returns the first row matching query or ErrNotFound.
func (r *Repository[T]) FirstWhere(ctx context.Context, query string, args ...any) (*T, error) {
	var out T
	err := r.conn(ctx).Where(query, args...).Take(&out).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// FindWhere returns all rows matching query.
func (r *Repository[T]) FindWhere(ctx context.Context, query string, args ...any) ([]T, error) {
	var out []T
	if err := r.conn(ctx).Where(query, args...).Find(&out).Error; err != nil {
		return nil, err
	}
	return out, nil
}

// LockWhere is FirstWhere with SELECT ... FOR UPDATE. It only makes sense
// inside TxManager.InTx; outside a transaction the lock is released at once.
func (r *Repository[T]) LockWhere(ctx context.Context, query string, args ...any) (*T, error) {
	var out T
	err := r.conn(ctx).Clauses(clause.Locking{Strength: "UPDATE"}).Where(query, args...).Take(&out).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return &out, nil
}

var _ Store[struct{}] = (*Repository[struct{}])(nil)
