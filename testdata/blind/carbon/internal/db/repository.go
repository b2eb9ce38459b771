package db

import (
	"context"
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// ErrNotFound is returned by lookups that match no row.
var ErrNotFound = errors.New("db: record not found")

// Repository provides the CRUD operations every aggregate needs. All methods
// run on the transaction carried by ctx when there is one.
type Repository[T any] struct{}

// NewRepository returns a Repository for T.
func NewRepository[T any]() Repository[T] { return Repository[T]{} }

// Create inserts v.
func (Repository[T]) Create(ctx context.Context, v *T) error {
	return FromContext(ctx).Create(v).Error
}

// CreateIgnore inserts v unless a row with the same values in conflictCols
// already exists. It reports whether a row was inserted.
func (Repository[T]) CreateIgnore(ctx context.Context, v *T, conflictCols ...string) (bool, error) {
	cols := make([]clause.Column, 0, len(conflictCols))
	for _, c := range conflictCols {
		cols = append(cols, clause.Column{Name: c})
	}
	res := FromContext(ctx).Clauses(clause.OnConflict{Columns: cols, DoNothing: true}).Create(v)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

// Get loads the row with the given primary key.
func (Repository[T]) Get(ctx context.Context, id any) (*T, error) {
	var v T
	err := FromContext(ctx).First(&v, "id = ?", id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	return &v, err
}

// GetForUpdate loads the row and locks it until the surrounding transaction
// ends.
func (Repository[T]) GetForUpdate(ctx context.Context, id any) (*T, error) {
	var v T
	err := FromContext(ctx).Clauses(clause.Locking{Strength: "UPDATE"}).First(&v, "id = ?", id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	return &v, err
}

// FindOne loads the first row matching query.
func (Repository[T]) FindOne(ctx context.Context, query string, args ...any) (*T, error) {
	var v T
	err := FromContext(ctx).Where(query, args...).Take(&v).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	return &v, err
}

// List loads every row matching query.
func (Repository[T]) List(ctx context.Context, query string, args ...any) ([]T, error) {
	var out []T
	err := FromContext(ctx).Where(query, args...).Find(&out).Error
	return out, err
}

// Update writes the given columns of the row with primary key id.
func (Repository[T]) Update(ctx context.Context, id any, cols map[string]any) error {
	var zero T
	return FromContext(ctx).Model(&zero).Where("id = ?", id).Updates(cols).Error
}

// UpdateWhere writes cols on every row matching query and returns the number
// of rows changed. It is the building block for guarded state transitions.
func (Repository[T]) UpdateWhere(ctx context.Context, cols map[string]any, query string, args ...any) (int64, error) {
	var zero T
	res := FromContext(ctx).Model(&zero).Where(query, args...).Updates(cols)
	return res.RowsAffected, res.Error
}

// Save upserts every field of v by primary key.
func (Repository[T]) Save(ctx context.Context, v *T) error {
	return FromContext(ctx).Save(v).Error
}
