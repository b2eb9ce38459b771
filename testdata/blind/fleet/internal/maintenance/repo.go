package maintenance

import (
	"context"
	"errors"
	"fmt"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/acme/fleet/internal/domain"
)

// Repo is a small generic repository over a gorm model.
type Repo[T any] struct {
	db *gorm.DB
}

func NewRepo[T any](db *gorm.DB) Repo[T] { return Repo[T]{db: db} }

func (r Repo[T]) WithTx(tx *gorm.DB) Repo[T] { return Repo[T]{db: tx} }

func (r Repo[T]) First(ctx context.Context, id string) (*T, error) {
	var v T
	err := r.db.WithContext(ctx).First(&v, "id = ?", id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, fmt.Errorf("%T %s: %w", v, id, domain.ErrNotFound)
	}
	return &v, err
}

// Create inserts v.
func (r Repo[T]) Create(ctx context.Context, v *T) error {
	return r.db.WithContext(ctx).Create(v).Error
}

// CreateIgnore inserts v unless a row with the same value in the given
// unique columns exists. It reports whether v was inserted.
func (r Repo[T]) CreateIgnore(ctx context.Context, v *T, conflictColumns ...string) (bool, error) {
	cols := make([]clause.Column, len(conflictColumns))
	for i, c := range conflictColumns {
		cols[i] = clause.Column{Name: c}
	}
	res := r.db.WithContext(ctx).Clauses(clause.OnConflict{Columns: cols, DoNothing: true}).Create(v)
	return res.RowsAffected == 1, res.Error
}

// Save writes every field of v.
func (r Repo[T]) Save(ctx context.Context, v *T) error {
	return r.db.WithContext(ctx).Save(v).Error
}

// Updates writes the given columns of v.
func (r Repo[T]) Updates(ctx context.Context, v *T, fields map[string]any) error {
	return r.db.WithContext(ctx).Model(v).Updates(fields).Error
}
