package storage

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Repository is the generic CRUD base embedded by the concrete repositories.
// Every method resolves its handle through Conn, so it joins a unit of work
// when one is active.
type Repository[T any] struct {
	db *gorm.DB
}

func NewRepository[T any](db *gorm.DB) Repository[T] {
	return Repository[T]{db: db}
}

// DB returns the handle for ctx (transaction or pool).
func (r Repository[T]) DB(ctx context.Context) *gorm.DB {
	return Conn(ctx, r.db)
}

func (r Repository[T]) Create(ctx context.Context, v *T) error {
	return r.DB(ctx).Create(v).Error
}

// CreateIfAbsent inserts v and does nothing when a row with the same values
// in conflictCols already exists. It reports whether a row was inserted.
func (r Repository[T]) CreateIfAbsent(ctx context.Context, v *T, conflictCols ...string) (bool, error) {
	cols := make([]clause.Column, 0, len(conflictCols))
	for _, c := range conflictCols {
		cols = append(cols, clause.Column{Name: c})
	}
	res := r.DB(ctx).Clauses(clause.OnConflict{Columns: cols, DoNothing: true}).Create(v)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

func (r Repository[T]) FindByID(ctx context.Context, id any) (*T, error) {
	var out T
	if err := r.DB(ctx).First(&out, "id = ?", id).Error; err != nil {
		return nil, err
	}
	return &out, nil
}

func (r Repository[T]) FindOne(ctx context.Context, query string, args ...any) (*T, error) {
	var out T
	if err := r.DB(ctx).Where(query, args...).First(&out).Error; err != nil {
		return nil, err
	}
	return &out, nil
}

func (r Repository[T]) FindAll(ctx context.Context, query string, args ...any) ([]T, error) {
	var out []T
	if err := r.DB(ctx).Where(query, args...).Find(&out).Error; err != nil {
		return nil, err
	}
	return out, nil
}

// UpdateColumns applies cols to the row with the given id.
func (r Repository[T]) UpdateColumns(ctx context.Context, id any, cols map[string]any) (int64, error) {
	var zero T
	res := r.DB(ctx).Model(&zero).Where("id = ?", id).Updates(cols)
	return res.RowsAffected, res.Error
}
