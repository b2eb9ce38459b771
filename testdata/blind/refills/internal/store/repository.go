// Package store implements persistence on top of gorm. Repositories pick up
// the transaction started by UnitOfWork from the context, so the same
// repository value works inside and outside a unit of work.
package store

import (
	"context"
	"errors"
	"fmt"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/scriptline/refills/internal/domain"
)

// Repository is the generic CRUD surface shared by every table.
type Repository[T any] struct {
	db *gorm.DB
}

func NewRepository[T any](db *gorm.DB) *Repository[T] {
	return &Repository[T]{db: db}
}

// Conn returns the transaction bound to ctx, or the pool handle.
func (r *Repository[T]) Conn(ctx context.Context) *gorm.DB {
	if tx, ok := txFrom(ctx); ok {
		return tx
	}
	return r.db.WithContext(ctx)
}

func (r *Repository[T]) Create(ctx context.Context, entity *T) error {
	return translate(r.Conn(ctx).Create(entity).Error)
}

func (r *Repository[T]) CreateMany(ctx context.Context, entities []T, batchSize int) error {
	if len(entities) == 0 {
		return nil
	}
	return translate(r.Conn(ctx).CreateInBatches(entities, batchSize).Error)
}

// CreateIgnoreConflict inserts entity unless a row already holds the same
// values in conflictColumns. It reports whether this call inserted the row.
func (r *Repository[T]) CreateIgnoreConflict(ctx context.Context, entity *T, conflictColumns ...string) (bool, error) {
	cols := make([]clause.Column, 0, len(conflictColumns))
	for _, c := range conflictColumns {
		cols = append(cols, clause.Column{Name: c})
	}
	res := r.Conn(ctx).Clauses(clause.OnConflict{Columns: cols, DoNothing: true}).Create(entity)
	if res.Error != nil {
		return false, translate(res.Error)
	}
	return res.RowsAffected == 1, nil
}

// Upsert inserts entity or, on conflict, overwrites updateColumns.
func (r *Repository[T]) Upsert(ctx context.Context, entity *T, conflictColumns, updateColumns []string) error {
	cols := make([]clause.Column, 0, len(conflictColumns))
	for _, c := range conflictColumns {
		cols = append(cols, clause.Column{Name: c})
	}
	return translate(r.Conn(ctx).Clauses(clause.OnConflict{
		Columns:   cols,
		DoUpdates: clause.AssignmentColumns(updateColumns),
	}).Create(entity).Error)
}

func (r *Repository[T]) Get(ctx context.Context, id any) (*T, error) {
	var out T
	if err := r.Conn(ctx).Where("id = ?", id).Take(&out).Error; err != nil {
		return nil, translate(err)
	}
	return &out, nil
}

// GetForUpdate loads the row and holds a row lock until the surrounding
// transaction ends. Outside a unit of work the lock is released at once.
func (r *Repository[T]) GetForUpdate(ctx context.Context, id any) (*T, error) {
	var out T
	err := r.Conn(ctx).Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", id).Take(&out).Error
	if err != nil {
		return nil, translate(err)
	}
	return &out, nil
}

func (r *Repository[T]) FindOne(ctx context.Context, query string, args ...any) (*T, error) {
	var out T
	if err := r.Conn(ctx).Where(query, args...).Take(&out).Error; err != nil {
		return nil, translate(err)
	}
	return &out, nil
}

func (r *Repository[T]) Find(ctx context.Context, query string, args ...any) ([]T, error) {
	var out []T
	if err := r.Conn(ctx).Where(query, args...).Find(&out).Error; err != nil {
		return nil, translate(err)
	}
	return out, nil
}

func (r *Repository[T]) Save(ctx context.Context, entity *T) error {
	return translate(r.Conn(ctx).Save(entity).Error)
}

// UpdateFields sets fields on the row with the given id.
func (r *Repository[T]) UpdateFields(ctx context.Context, id any, fields map[string]any) error {
	var model T
	res := r.Conn(ctx).Model(&model).Where("id = ?", id).Updates(fields)
	if res.Error != nil {
		return translate(res.Error)
	}
	if res.RowsAffected == 0 {
		return domain.ErrNotFound
	}
	return nil
}

// UpdateWhere sets fields on every row matching query and returns how many
// rows changed. Callers use it for compare-and-set transitions.
func (r *Repository[T]) UpdateWhere(ctx context.Context, fields map[string]any, query string, args ...any) (int64, error) {
	var model T
	res := r.Conn(ctx).Model(&model).Where(query, args...).Updates(fields)
	return res.RowsAffected, translate(res.Error)
}

func (r *Repository[T]) Exists(ctx context.Context, query string, args ...any) (bool, error) {
	var model T
	var n int64
	if err := r.Conn(ctx).Model(&model).Where(query, args...).Limit(1).Count(&n).Error; err != nil {
		return false, translate(err)
	}
	return n > 0, nil
}

// IsNotFound is a convenience for callers that branch on a missing row.
func IsNotFound(err error) bool { return errors.Is(err, domain.ErrNotFound) }

func wrapf(err error, format string, args ...any) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf(format+": %w", append(args, err)...)
}
