package database

import (
	"context"
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// ErrNotFound is returned by Repo lookups that match no row.
var ErrNotFound = errors.New("record not found")

// Repo is a small generic repository over gorm. It resolves its connection
// through Conn so that it participates in a Transactor transaction when one
// is present in the context.
type Repo[T any] struct {
	db *gorm.DB
}

// NewRepo builds a Repo for T.
func NewRepo[T any](db *gorm.DB) *Repo[T] {
	return &Repo[T]{db: db}
}

// DB returns the connection for ctx (transaction if present).
func (r *Repo[T]) DB(ctx context.Context) *gorm.DB {
	return Conn(ctx, r.db)
}

// Create inserts entity.
func (r *Repo[T]) Create(ctx context.Context, entity *T) error {
	return r.DB(ctx).Create(entity).Error
}

// CreateIfAbsent inserts entity with ON CONFLICT (conflictCols) DO NOTHING
// and reports whether a row was inserted.
func (r *Repo[T]) CreateIfAbsent(ctx context.Context, entity *T, conflictCols ...string) (bool, error) {
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

// Get loads the entity with the given primary key.
func (r *Repo[T]) Get(ctx context.Context, id any) (*T, error) {
	var out T
	if err := r.DB(ctx).First(&out, "id = ?", id).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, ErrNotFound
		}
		return nil, err
	}
	return &out, nil
}

// FindOne loads the first entity matching the condition.
func (r *Repo[T]) FindOne(ctx context.Context, query string, args ...any) (*T, error) {
	var out T
	if err := r.DB(ctx).Where(query, args...).Take(&out).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, ErrNotFound
		}
		return nil, err
	}
	return &out, nil
}

// FindAll loads every entity matching the condition.
func (r *Repo[T]) FindAll(ctx context.Context, query string, args ...any) ([]T, error) {
	var out []T
	if err := r.DB(ctx).Where(query, args...).Find(&out).Error; err != nil {
		return nil, err
	}
	return out, nil
}

// LockOne loads the first entity matching the condition with SELECT ... FOR
// UPDATE. It only makes sense inside a transaction.
func (r *Repo[T]) LockOne(ctx context.Context, query string, args ...any) (*T, error) {
	var out T
	err := r.DB(ctx).Clauses(clause.Locking{Strength: "UPDATE"}).Where(query, args...).Take(&out).Error
	if err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, ErrNotFound
		}
		return nil, err
	}
	return &out, nil
}

// UpdateWhere applies fields to every row matching the condition and
// returns the number of affected rows.
func (r *Repo[T]) UpdateWhere(ctx context.Context, fields map[string]any, query string, args ...any) (int64, error) {
	var model T
	res := r.DB(ctx).Model(&model).Where(query, args...).Updates(fields)
	return res.RowsAffected, res.Error
}

// Save upserts the full entity by primary key.
func (r *Repo[T]) Save(ctx context.Context, entity *T) error {
	return r.DB(ctx).Save(entity).Error
}
