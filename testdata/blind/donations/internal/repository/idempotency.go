package repository

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/kindredgive/donations/internal/domain"
)

// IdempotencyRepo stores caller-supplied Idempotency-Key claims.
type IdempotencyRepo interface {
	WithTx(tx bun.IDB) IdempotencyRepo
	// Claim inserts rec; it returns false and the stored record when the
	// (scope, key) pair was claimed before.
	Claim(ctx context.Context, rec *domain.IdempotencyRecord) (bool, *domain.IdempotencyRecord, error)
}

type idempotencyRepo struct{ db bun.IDB }

// NewIdempotencyRepo returns the bun implementation.
func NewIdempotencyRepo(db *bun.DB) IdempotencyRepo { return &idempotencyRepo{db: db} }

func (r *idempotencyRepo) WithTx(tx bun.IDB) IdempotencyRepo { return &idempotencyRepo{db: tx} }

func (r *idempotencyRepo) Claim(ctx context.Context, rec *domain.IdempotencyRecord) (bool, *domain.IdempotencyRecord, error) {
	res, err := r.db.NewInsert().Model(rec).
		On("CONFLICT (scope, key) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, nil, err
	}
	if affected(res) == 1 {
		return true, nil, nil
	}
	existing := new(domain.IdempotencyRecord)
	err = r.db.NewSelect().Model(existing).
		Where("ik.scope = ? AND ik.key = ?", rec.Scope, rec.Key).
		For("SHARE").
		Scan(ctx)
	if err != nil {
		return false, nil, err
	}
	return false, existing, nil
}
