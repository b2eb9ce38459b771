package db

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Repository is the generic CRUD base embedded by concrete repositories.
// Every method resolves its connection through Conn, so calls made inside
// UnitOfWork.Do join the caller's transaction.
type Repository[T any] struct {
	base *gorm.DB
}

func NewRepository[T any](db *gorm.DB) *Repository[T] {
	return &Repository[T]{base: db}
}

func (r *Repository[T]) DB(ctx context.Context) *gorm.DB {
	return Conn(ctx, r.base)
}

func (r *Repository[T]) Create(ctx context.Context, entity *T) error {
	return r.DB(ctx).Create(entity).Error
}

// CreateIgnoreConflict inserts entity and reports whether a row was written.
// An empty column list means any unique violation is ignored.
func (r *Repository[T]) CreateIgnoreConflict(ctx context.Context, entity *T, columns ...string) (bool, error) {
	oc := clause.OnConflict{DoNothing: true}
	for _, c := range columns {
		oc.Columns = append(oc.Columns, clause.Column{Name: c})
	}
	res := r.DB(ctx).Clauses(oc).Create(entity)
	return res.RowsAffected == 1, res.Error
}

func (r *Repository[T]) Upsert(ctx context.Context, entity *T, conflict []string, update []string) error {
	oc := clause.OnConflict{DoUpdates: clause.AssignmentColumns(update)}
	for _, c := range conflict {
		oc.Columns = append(oc.Columns, clause.Column{Name: c})
	}
	return r.DB(ctx).Clauses(oc).Create(entity).Error
}

func (r *Repository[T]) FindByID(ctx context.Context, id any) (*T, error) {
	var out T
	if err := r.DB(ctx).First(&out, "id = ?", id).Error; err != nil {
		return nil, Translate(err)
	}
	return &out, nil
}

func (r *Repository[T]) FindOne(ctx context.Context, query any, args ...any) (*T, error) {
	var out T
	if err := r.DB(ctx).Where(query, args...).First(&out).Error; err != nil {
		return nil, Translate(err)
	}
	return &out, nil
}

func (r *Repository[T]) FindAll(ctx context.Context, query any, args ...any) ([]T, error) {
	var out []T
	err := r.DB(ctx).Where(query, args...).Find(&out).Error
	return out, err
}

func (r *Repository[T]) Exists(ctx context.Context, query any, args ...any) (bool, error) {
	var n int64
	var model T
	err := r.DB(ctx).Model(&model).Where(query, args...).Limit(1).Count(&n).Error
	return n > 0, err
}

// UpdateWhere applies values to rows matching query and returns the number
// of rows changed. Values may contain gorm.Expr.
func (r *Repository[T]) UpdateWhere(ctx context.Context, values map[string]any, query any, args ...any) (int64, error) {
	var model T
	res := r.DB(ctx).Model(&model).Where(query, args...).Updates(values)
	return res.RowsAffected, res.Error
}
