package database

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Repository is the generic CRUD layer used by every aggregate. It joins
// the unit of work carried in the context when there is one.
type Repository[T any] struct {
	db *gorm.DB
}

func NewRepository[T any](db *gorm.DB) *Repository[T] {
	return &Repository[T]{db: db}
}

// DB exposes the connection for the context so that aggregate-specific
// repositories can build their own queries.
func (r *Repository[T]) DB(ctx context.Context) *gorm.DB {
	return Conn(ctx, r.db)
}

func (r *Repository[T]) Create(ctx context.Context, entity *T) error {
	return r.DB(ctx).Create(entity).Error
}

// CreateIfAbsent inserts entity unless a row with the same values in
// conflictCols already exists. It reports whether a row was inserted.
func (r *Repository[T]) CreateIfAbsent(ctx context.Context, entity *T, conflictCols ...string) (bool, error) {
	cols := make([]clause.Column, 0, len(conflictCols))
	for _, c := range conflictCols {
		cols = append(cols, clause.Column{Name: c})
	}
	res := r.DB(ctx).Clauses(clause.OnConflict{Columns: cols, DoNothing: true}).Create(entity)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

// Upsert inserts entity or, on conflict on conflictCols, overwrites
// updateCols with the new values.
func (r *Repository[T]) Upsert(ctx context.Context, entity *T, conflictCols, updateCols []string) error {
	cols := make([]clause.Column, 0, len(conflictCols))
	for _, c := range conflictCols {
		cols = append(cols, clause.Column{Name: c})
	}
	return r.DB(ctx).Clauses(clause.OnConflict{
		Columns:   cols,
		DoUpdates: clause.AssignmentColumns(updateCols),
	}).Create(entity).Error
}

func (r *Repository[T]) Get(ctx context.Context, id string) (*T, error) {
	var out T
	if err := r.DB(ctx).Where("id = ?", id).First(&out).Error; err != nil {
		return nil, translate(err)
	}
	return &out, nil
}

// GetForUpdate loads a row and locks it for the rest of the transaction.
func (r *Repository[T]) GetForUpdate(ctx context.Context, id string) (*T, error) {
	var out T
	err := r.DB(ctx).Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", id).First(&out).Error
	if err != nil {
		return nil, translate(err)
	}
	return &out, nil
}

func (r *Repository[T]) FindOne(ctx context.Context, query string, args ...any) (*T, error) {
	var out T
	if err := r.DB(ctx).Where(query, args...).First(&out).Error; err != nil {
		return nil, translate(err)
	}
	return &out, nil
}

func (r *Repository[T]) Find(ctx context.Context, query string, args ...any) ([]T, error) {
	var out []T
	if err := r.DB(ctx).Where(query, args...).Find(&out).Error; err != nil {
		return nil, err
	}
	return out, nil
}

// Update sets values on the row with the given id.
func (r *Repository[T]) Update(ctx context.Context, id string, values map[string]any) error {
	var zero T
	return r.DB(ctx).Model(&zero).Where("id = ?", id).Updates(values).Error
}

// UpdateWhere applies values to every row matching query and returns the
// number of rows changed. Callers use it for guarded state transitions.
func (r *Repository[T]) UpdateWhere(ctx context.Context, values map[string]any, query string, args ...any) (int64, error) {
	var zero T
	res := r.DB(ctx).Model(&zero).Where(query, args...).Updates(values)
	return res.RowsAffected, res.Error
}
