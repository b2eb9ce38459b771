// Package gormrepo provides a small generic repository over GORM used for
// the catalogue-style tables (plans, coupons, credit grants).
package gormrepo

import (
	"context"
	"errors"
	"fmt"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/meterly/subs/internal/billing"
)

// Scope narrows a query; see Where, ForUpdate and OrderBy.
type Scope func(*gorm.DB) *gorm.DB

func Where(query any, args ...any) Scope {
	return func(db *gorm.DB) *gorm.DB { return db.Where(query, args...) }
}

func ForUpdate() Scope {
	return func(db *gorm.DB) *gorm.DB { return db.Clauses(clause.Locking{Strength: "UPDATE"}) }
}

func SkipLocked() Scope {
	return func(db *gorm.DB) *gorm.DB {
		return db.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"})
	}
}

func OrderBy(expr string) Scope {
	return func(db *gorm.DB) *gorm.DB { return db.Order(expr) }
}

func Limit(n int) Scope {
	return func(db *gorm.DB) *gorm.DB { return db.Limit(n) }
}

// Repo is a generic CRUD repository for model T.
type Repo[T any] interface {
	Create(ctx context.Context, v *T) error
	// CreateIgnore inserts v with ON CONFLICT DO NOTHING and reports whether
	// a row was written.
	CreateIgnore(ctx context.Context, v *T) (bool, error)
	FindByID(ctx context.Context, id any, scopes ...Scope) (*T, error)
	First(ctx context.Context, scopes ...Scope) (*T, error)
	Find(ctx context.Context, scopes ...Scope) ([]T, error)
	Updates(ctx context.Context, v *T, fields map[string]any) error
	UpdateWhere(ctx context.Context, fields map[string]any, scopes ...Scope) (int64, error)
	WithTx(tx *gorm.DB) Repo[T]
}

type repo[T any] struct{ db *gorm.DB }

// New returns a Repo[T] bound to db.
func New[T any](db *gorm.DB) Repo[T] { return &repo[T]{db: db} }

func (r *repo[T]) WithTx(tx *gorm.DB) Repo[T] { return &repo[T]{db: tx} }

func (r *repo[T]) apply(ctx context.Context, scopes []Scope) *gorm.DB {
	q := r.db.WithContext(ctx)
	for _, s := range scopes {
		q = s(q)
	}
	return q
}

func (r *repo[T]) Create(ctx context.Context, v *T) error {
	if err := r.db.WithContext(ctx).Create(v).Error; err != nil {
		return translate("create", err)
	}
	return nil
}

func (r *repo[T]) CreateIgnore(ctx context.Context, v *T) (bool, error) {
	res := r.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(v)
	if res.Error != nil {
		return false, translate("create_ignore", res.Error)
	}
	return res.RowsAffected == 1, nil
}

func (r *repo[T]) FindByID(ctx context.Context, id any, scopes ...Scope) (*T, error) {
	var v T
	if err := r.apply(ctx, scopes).Where("id = ?", id).First(&v).Error; err != nil {
		return nil, translate("find_by_id", err)
	}
	return &v, nil
}

func (r *repo[T]) First(ctx context.Context, scopes ...Scope) (*T, error) {
	var v T
	if err := r.apply(ctx, scopes).First(&v).Error; err != nil {
		return nil, translate("first", err)
	}
	return &v, nil
}

func (r *repo[T]) Find(ctx context.Context, scopes ...Scope) ([]T, error) {
	var out []T
	if err := r.apply(ctx, scopes).Find(&out).Error; err != nil {
		return nil, translate("find", err)
	}
	return out, nil
}

func (r *repo[T]) Updates(ctx context.Context, v *T, fields map[string]any) error {
	if err := r.db.WithContext(ctx).Model(v).Updates(fields).Error; err != nil {
		return translate("updates", err)
	}
	return nil
}

func (r *repo[T]) UpdateWhere(ctx context.Context, fields map[string]any, scopes ...Scope) (int64, error) {
	var zero T
	res := r.apply(ctx, scopes).Model(&zero).Updates(fields)
	if res.Error != nil {
		return 0, translate("update_where", res.Error)
	}
	return res.RowsAffected, nil
}

func translate(op string, err error) error {
	switch {
	case errors.Is(err, gorm.ErrRecordNotFound):
		return fmt.Errorf("gormrepo.%s: %w", op, billing.ErrNotFound)
	case errors.Is(err, gorm.ErrDuplicatedKey):
		return fmt.Errorf("gormrepo.%s: %w", op, billing.ErrConflict)
	default:
		return fmt.Errorf("gormrepo.%s: %w", op, err)
	}
}

// UnitOfWork runs fn in a GORM transaction. Repositories join it through
// WithTx(tx).
type UnitOfWork interface {
	InTx(ctx context.Context, fn func(tx *gorm.DB) error) error
}

type gormUoW struct{ db *gorm.DB }

func NewUnitOfWork(db *gorm.DB) UnitOfWork { return gormUoW{db: db} }

func (u gormUoW) InTx(ctx context.Context, fn func(tx *gorm.DB) error) error {
	return u.db.WithContext(ctx).Transaction(fn)
}
