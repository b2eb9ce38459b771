package db

import (
	"context"
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// ErrNotFound is returned when a lookup matches no row.
var ErrNotFound = errors.New("db: record not found")

// Repository is a thin generic wrapper over gorm for a single model type.
// Every method resolves its connection through Conn, so calls made inside
// UnitOfWork.Do share the transaction.
type Repository[T any] struct {
	db *gorm.DB
}

// NewRepository builds a Repository for T.
func NewRepository[T any](db *gorm.DB) *Repository[T] {
	return &Repository[T]{db: db}
}

// Conn exposes the context-bound connection for custom queries.
func (r *Repository[T]) Conn(ctx context.Context) *gorm.DB {
	return Conn(ctx, r.db)
}

// Create inserts entity.
func (r *Repository[T]) Create(ctx context.Context, entity *T) error {
	return r.Conn(ctx).Create(entity).Error
}

// CreateIgnoreConflict inserts entity with ON CONFLICT (cols) DO NOTHING and
// reports whether a row was written.
func (r *Repository[T]) CreateIgnoreConflict(ctx context.Context, entity *T, cols ...string) (bool, error) {
	conflict := clause.OnConflict{DoNothing: true}
	for _, c := range cols {
		conflict.Columns = append(conflict.Columns, clause.Column{Name: c})
	}
	res := r.Conn(ctx).Clauses(conflict).Create(entity)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

// CreateBatchIgnoreConflict inserts entities, skipping rows that collide on
// cols, and returns how many rows were written.
func (r *Repository[T]) CreateBatchIgnoreConflict(ctx context.Context, entities []T, cols ...string) (int64, error) {
	if len(entities) == 0 {
		return 0, nil
	}
	conflict := clause.OnConflict{DoNothing: true}
	for _, c := range cols {
		conflict.Columns = append(conflict.Columns, clause.Column{Name: c})
	}
	res := r.Conn(ctx).Clauses(conflict).CreateInBatches(entities, 200)
	return res.RowsAffected, res.Error
}

// Get loads the row with the given primary key.
func (r *Repository[T]) Get(ctx context.Context, id string) (*T, error) {
	var out T
	err := r.Conn(ctx).Where("id = ?", id).Take(&out).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// GetForUpdate loads the row and locks it until the transaction ends.
func (r *Repository[T]) GetForUpdate(ctx context.Context, id string) (*T, error) {
	var out T
	err := r.Conn(ctx).Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", id).Take(&out).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// FindOne returns the first row matching query.
func (r *Repository[T]) FindOne(ctx context.Context, query string, args ...any) (*T, error) {
	var out T
	err := r.Conn(ctx).Where(query, args...).Take(&out).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// Find returns all rows matching query in the given order.
func (r *Repository[T]) Find(ctx context.Context, order string, query string, args ...any) ([]T, error) {
	var out []T
	q := r.Conn(ctx).Where(query, args...)
	if order != "" {
		q = q.Order(order)
	}
	if err := q.Find(&out).Error; err != nil {
		return nil, err
	}
	return out, nil
}

// Update sets columns on the row with the given id and returns the number
// of rows changed.
func (r *Repository[T]) Update(ctx context.Context, id string, cols map[string]any) (int64, error) {
	var model T
	res := r.Conn(ctx).Model(&model).Where("id = ?", id).Updates(cols)
	return res.RowsAffected, res.Error
}

// UpdateWhere sets columns on every row matching query. It is the building
// block for guarded state transitions (… WHERE status = 'x').
func (r *Repository[T]) UpdateWhere(ctx context.Context, cols map[string]any, query string, args ...any) (int64, error) {
	var model T
	res := r.Conn(ctx).Model(&model).Where(query, args...).Updates(cols)
	return res.RowsAffected, res.Error
}
