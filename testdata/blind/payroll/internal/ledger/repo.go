package ledger

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Repo is a thin typed wrapper over gorm for a single model.
type Repo[T any] struct {
	db *gorm.DB
}

func NewRepo[T any](db *gorm.DB) *Repo[T] { return &Repo[T]{db: db} }

// WithTx returns a copy bound to tx.
func (r *Repo[T]) WithTx(tx *gorm.DB) *Repo[T] { return &Repo[T]{db: tx} }

func (r *Repo[T]) Create(ctx context.Context, v *T) error {
	return r.db.WithContext(ctx).Create(v).Error
}

func (r *Repo[T]) CreateBatch(ctx context.Context, vs []T) error {
	if len(vs) == 0 {
		return nil
	}
	return r.db.WithContext(ctx).CreateInBatches(vs, 100).Error
}

// CreateIfAbsent inserts v unless it conflicts on the given unique columns.
// It reports whether a row was inserted.
func (r *Repo[T]) CreateIfAbsent(ctx context.Context, v *T, conflictCols ...string) (bool, error) {
	cols := make([]clause.Column, len(conflictCols))
	for i, c := range conflictCols {
		cols[i] = clause.Column{Name: c}
	}
	res := r.db.WithContext(ctx).Clauses(clause.OnConflict{Columns: cols, DoNothing: true}).Create(v)
	return res.RowsAffected == 1, res.Error
}

func (r *Repo[T]) First(ctx context.Context, query any, args ...any) (*T, error) {
	var out T
	if err := r.db.WithContext(ctx).Where(query, args...).First(&out).Error; err != nil {
		return nil, err
	}
	return &out, nil
}
