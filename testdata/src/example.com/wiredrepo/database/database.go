// Package database holds a generic gorm repository and a unit of work
// that carries its transaction in the context: a repository's write runs
// in the transaction of the context it is given, or commits on its own.
package database

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Repo stores values of one model type.
type Repo[T any] struct {
	db *gorm.DB
}

// NewRepo returns the repository of T on db.
func NewRepo[T any](db *gorm.DB) *Repo[T] { return &Repo[T]{db: db} }

func (r *Repo[T]) conn(ctx context.Context) *gorm.DB { return Conn(ctx, r.db) }

// Create inserts v.
func (r *Repo[T]) Create(ctx context.Context, v *T) error {
	return r.conn(ctx).Create(v).Error // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into manifests in database.Repo.Create has no conflict handling for the caller-known id \(HTTP handler Manifests.File\)`
}

// CreateIfAbsent inserts v unless a row with its key exists.
func (r *Repo[T]) CreateIfAbsent(ctx context.Context, v *T) (bool, error) {
	res := r.conn(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(v)
	return res.RowsAffected == 1, res.Error
}

// Get loads the row with the given key.
func (r *Repo[T]) Get(ctx context.Context, id string) (*T, error) {
	var out T
	err := r.conn(ctx).First(&out, "id = ?", id).Error
	return &out, err
}

// Save writes v over its row.
func (r *Repo[T]) Save(ctx context.Context, v *T) error {
	return r.conn(ctx).Save(v).Error
}

// UpdateWhere sets fields on the rows that match the condition.
func (r *Repo[T]) UpdateWhere(ctx context.Context, fields map[string]any, query string, args ...any) (int64, error) {
	var model T
	res := r.conn(ctx).Model(&model).Where(query, args...).Updates(fields)
	return res.RowsAffected, res.Error
}

// Store is what the services see of a repository.
type Store[T any] interface {
	Create(ctx context.Context, v *T) error
	UpdateWhere(ctx context.Context, fields map[string]any, query string, args ...any) (int64, error)
	Get(ctx context.Context, id string) (*T, error)
	Save(ctx context.Context, v *T) error
}

// Transactor runs work in a transaction that the repositories join
// through the context.
type Transactor interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type txKey struct{}

// GormTransactor is the Transactor of a gorm database.
type GormTransactor struct{ DB *gorm.DB }

func (t *GormTransactor) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if _, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return fn(ctx)
	}
	return t.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(context.WithValue(ctx, txKey{}, tx))
	})
}

// Conn returns the transaction ctx carries, or base.
func Conn(ctx context.Context, base *gorm.DB) *gorm.DB {
	if tx, ok := txFrom(ctx); ok {
		return tx.WithContext(ctx)
	}
	return base.WithContext(ctx)
}

func txFrom(ctx context.Context) (*gorm.DB, bool) {
	tx, ok := ctx.Value(txKey{}).(*gorm.DB)
	return tx, ok && tx != nil
}
