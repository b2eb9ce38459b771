package platform

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Repo is a thin generic repository over a gorm model. Aggregates that need
// more than CRUD embed it and add their own queries.
type Repo[T any] struct {
	db *gorm.DB
}

// NewRepo builds a repository bound to db.
func NewRepo[T any](db *gorm.DB) Repo[T] {
	return Repo[T]{db: db}
}

// DB returns the connection to use for ctx (transaction-aware).
func (r Repo[T]) DB(ctx context.Context) *gorm.DB {
	return Conn(ctx, r.db)
}

// Get loads a row by primary key.
func (r Repo[T]) Get(ctx context.Context, id any) (*T, error) {
	var v T
	if err := r.DB(ctx).First(&v, "id = ?", id).Error; err != nil {
		return nil, NotFound(err)
	}
	return &v, nil
}

// GetForUpdate loads a row by primary key and locks it for the rest of the
// surrounding transaction.
func (r Repo[T]) GetForUpdate(ctx context.Context, id any) (*T, error) {
	var v T
	err := r.DB(ctx).Clauses(clause.Locking{Strength: "UPDATE"}).First(&v, "id = ?", id).Error
	if err != nil {
		return nil, NotFound(err)
	}
	return &v, nil
}

// FindOne loads the first row matching the condition.
func (r Repo[T]) FindOne(ctx context.Context, query string, args ...any) (*T, error) {
	var v T
	if err := r.DB(ctx).Where(query, args...).First(&v).Error; err != nil {
		return nil, NotFound(err)
	}
	return &v, nil
}

// List returns every row matching the condition.
func (r Repo[T]) List(ctx context.Context, query string, args ...any) ([]T, error) {
	var out []T
	err := r.DB(ctx).Where(query, args...).Find(&out).Error
	return out, err
}

// Create inserts v.
func (r Repo[T]) Create(ctx context.Context, v *T) error {
	return r.DB(ctx).Create(v).Error
}

// CreateIgnore inserts v unless a row with the same values in conflictCols
// already exists. It reports whether a row was inserted.
func (r Repo[T]) CreateIgnore(ctx context.Context, v *T, conflictCols ...string) (bool, error) {
	cols := make([]clause.Column, 0, len(conflictCols))
	for _, c := range conflictCols {
		cols = append(cols, clause.Column{Name: c})
	}
	res := r.DB(ctx).Clauses(clause.OnConflict{Columns: cols, DoNothing: true}).Create(v)
	return res.RowsAffected == 1, res.Error
}

// Upsert inserts v or, on conflict in conflictCols, overwrites updateCols.
func (r Repo[T]) Upsert(ctx context.Context, v *T, conflictCols []string, updateCols []string) error {
	cols := make([]clause.Column, 0, len(conflictCols))
	for _, c := range conflictCols {
		cols = append(cols, clause.Column{Name: c})
	}
	return r.DB(ctx).Clauses(clause.OnConflict{
		Columns:   cols,
		DoUpdates: clause.AssignmentColumns(updateCols),
	}).Create(v).Error
}

// Update applies fields to the rows matching the condition and returns the
// number of rows changed.
func (r Repo[T]) Update(ctx context.Context, fields map[string]any, query string, args ...any) (int64, error) {
	var zero T
	res := r.DB(ctx).Model(&zero).Where(query, args...).Updates(fields)
	return res.RowsAffected, res.Error
}
