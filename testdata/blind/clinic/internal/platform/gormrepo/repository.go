// Package gormrepo provides a small generic repository over gorm used by the
// billing and claims packages.
package gormrepo

import (
	"context"
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

var ErrNotFound = errors.New("record not found")

type txKey struct{}

// WithTx stores a gorm transaction in ctx so repositories built on the root
// handle use it transparently.
func WithTx(ctx context.Context, tx *gorm.DB) context.Context {
	return context.WithValue(ctx, txKey{}, tx)
}

// Transaction runs fn inside db.Transaction and exposes the tx via ctx.
func Transaction(ctx context.Context, db *gorm.DB, fn func(ctx context.Context, tx *gorm.DB) error) error {
	return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(WithTx(ctx, tx), tx)
	})
}

// Repository is a typed CRUD helper for a gorm model T.
type Repository[T any] struct {
	db *gorm.DB
}

func New[T any](db *gorm.DB) *Repository[T] {
	return &Repository[T]{db: db}
}

func (r *Repository[T]) conn(ctx context.Context) *gorm.DB {
	if tx, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return tx.WithContext(ctx)
	}
	return r.db.WithContext(ctx)
}

func (r *Repository[T]) Get(ctx context.Context, id string) (T, error) {
	var v T
	err := r.conn(ctx).Where("id = ?", id).First(&v).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return v, ErrNotFound
	}
	return v, err
}

func (r *Repository[T]) FindOne(ctx context.Context, query string, args ...any) (T, error) {
	var v T
	err := r.conn(ctx).Where(query, args...).First(&v).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return v, ErrNotFound
	}
	return v, err
}

func (r *Repository[T]) Find(ctx context.Context, query string, args ...any) ([]T, error) {
	var out []T
	err := r.conn(ctx).Where(query, args...).Find(&out).Error
	return out, err
}

func (r *Repository[T]) Exists(ctx context.Context, query string, args ...any) (bool, error) {
	var n int64
	var v T
	err := r.conn(ctx).Model(&v).Where(query, args...).Limit(1).Count(&n).Error
	return n > 0, err
}

func (r *Repository[T]) Create(ctx context.Context, v *T) error {
	return r.conn(ctx).Create(v).Error
}

// CreateIfAbsent inserts v unless a row with the same values in conflictCols
// exists. It reports whether a row was inserted.
func (r *Repository[T]) CreateIfAbsent(ctx context.Context, v *T, conflictCols ...string) (bool, error) {
	cols := make([]clause.Column, 0, len(conflictCols))
	for _, c := range conflictCols {
		cols = append(cols, clause.Column{Name: c})
	}
	res := r.conn(ctx).Clauses(clause.OnConflict{Columns: cols, DoNothing: true}).Create(v)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

func (r *Repository[T]) Save(ctx context.Context, v *T) error {
	return r.conn(ctx).Save(v).Error
}

func (r *Repository[T]) Update(ctx context.Context, id string, fields map[string]any) error {
	var v T
	return r.conn(ctx).Model(&v).Where("id = ?", id).Updates(fields).Error
}
