// Package repository is a small generic gorm repository that the
// aggregate stores embed.
package repository

import (
	"context"
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/furrowline/seedbank/internal/domain"
	"github.com/furrowline/seedbank/internal/platform/database"
)

// Repository is a typed wrapper over one table that joins the transaction
// carried in ctx.
type Repository[T any] struct {
	db *gorm.DB
}

func New[T any](db *gorm.DB) *Repository[T] { return &Repository[T]{db: db} }

// Conn exposes the connection for ctx to embedding stores.
func (r *Repository[T]) Conn(ctx context.Context) *gorm.DB { return database.Conn(ctx, r.db) }

func (r *Repository[T]) Create(ctx context.Context, v *T) error {
	return r.Conn(ctx).Create(v).Error
}

// CreateOrSkip inserts v unless a row with the same conflict columns
// exists, and reports whether it inserted.
func (r *Repository[T]) CreateOrSkip(ctx context.Context, v *T, conflictCols ...string) (bool, error) {
	cols := make([]clause.Column, 0, len(conflictCols))
	for _, c := range conflictCols {
		cols = append(cols, clause.Column{Name: c})
	}
	res := r.Conn(ctx).Clauses(clause.OnConflict{Columns: cols, DoNothing: true}).Create(v)
	return res.RowsAffected == 1, res.Error
}

func (r *Repository[T]) Get(ctx context.Context, id string) (*T, error) {
	return r.FindOne(ctx, "id = ?", id)
}

// FindOne returns the first row matching the condition, or ErrNotFound.
func (r *Repository[T]) FindOne(ctx context.Context, query string, args ...any) (*T, error) {
	var v T
	err := r.Conn(ctx).Where(query, args...).Take(&v).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, domain.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return &v, nil
}

// Query narrows a List call.
type Query struct {
	Where string
	Args  []any
	Order string
	Limit int
}

func (r *Repository[T]) List(ctx context.Context, q Query) ([]T, error) {
	var out []T
	tx := r.Conn(ctx).Where(q.Where, q.Args...)
	if q.Order != "" {
		tx = tx.Order(q.Order)
	}
	if q.Limit > 0 {
		tx = tx.Limit(q.Limit)
	}
	return out, tx.Find(&out).Error
}

// UpdateWhere applies set to the rows matching the condition and returns
// how many changed. Callers use the count as a state-transition guard.
func (r *Repository[T]) UpdateWhere(ctx context.Context, set map[string]any, query string, args ...any) (int64, error) {
	var zero T
	res := r.Conn(ctx).Model(&zero).Where(query, args...).Updates(set)
	return res.RowsAffected, res.Error
}
