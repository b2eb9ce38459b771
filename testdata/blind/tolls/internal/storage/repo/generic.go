// Package repo contains the gorm-backed repositories.
package repo

import (
	"context"
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/northgate/tolls/internal/domain"
	"github.com/northgate/tolls/internal/storage"
)

// table is the shared CRUD core embedded by the concrete repositories.
type table[T any] struct {
	db *gorm.DB
}

func (t table[T]) conn(ctx context.Context) *gorm.DB {
	return storage.Conn(ctx, t.db)
}

func (t table[T]) get(ctx context.Context, conds ...any) (*T, error) {
	var v T
	err := t.conn(ctx).First(&v, conds...).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, domain.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return &v, nil
}

func (t table[T]) getForUpdate(ctx context.Context, conds ...any) (*T, error) {
	var v T
	err := t.conn(ctx).Clauses(clause.Locking{Strength: "UPDATE"}).First(&v, conds...).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, domain.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return &v, nil
}

func (t table[T]) create(ctx context.Context, v *T) error {
	return t.conn(ctx).Create(v).Error
}

// insertIgnore inserts v unless a row with the same key exists, reporting
// whether a row was written.
func (t table[T]) insertIgnore(ctx context.Context, v *T, cols ...clause.Column) (bool, error) {
	res := t.conn(ctx).Clauses(clause.OnConflict{Columns: cols, DoNothing: true}).Create(v)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

func (t table[T]) save(ctx context.Context, v *T) error {
	return t.conn(ctx).Save(v).Error
}

func cols(names ...string) []clause.Column {
	out := make([]clause.Column, len(names))
	for i, n := range names {
		out[i] = clause.Column{Name: n}
	}
	return out
}
