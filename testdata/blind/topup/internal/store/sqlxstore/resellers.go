package sqlxstore

import (
	"context"

	"github.com/google/uuid"

	"github.com/example/topup/internal/domain"
)

type Resellers struct {
	table Table[domain.Reseller]
}

func NewResellers() *Resellers {
	return &Resellers{table: NewTable[domain.Reseller]("resellers",
		"id", "name", "api_key_sha", "commission_bps", "active", "created_at")}
}

func (r *Resellers) Get(ctx context.Context, q Queryer, id uuid.UUID) (*domain.Reseller, error) {
	return r.table.Get(ctx, q, id)
}

func (r *Resellers) ByAPIKeyHash(ctx context.Context, q Queryer, sha string) (*domain.Reseller, error) {
	return r.table.First(ctx, q, "api_key_sha = $1 AND active", sha)
}
