package store

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tidewater/loyalty/internal/db"
	"github.com/tidewater/loyalty/internal/domain"
)

type Members struct {
	q db.Querier
}

func NewMembers(pool *pgxpool.Pool) *Members {
	return &Members{q: db.New(pool)}
}

func (r *Members) Get(ctx context.Context, id uuid.UUID) (db.Member, error) {
	m, err := r.q.GetMember(ctx, id)
	return m, notFound(err)
}

func (r *Members) GetByExternalRef(ctx context.Context, ref string) (db.Member, error) {
	m, err := r.q.GetMemberByExternalRef(ctx, ref)
	return m, notFound(err)
}

func (r *Members) SetTier(ctx context.Context, id uuid.UUID, tier domain.Tier) error {
	return r.q.UpdateMemberTier(ctx, db.UpdateMemberTierParams{ID: id, Tier: string(tier)})
}

type TierHistory struct {
	q db.Querier
}

func NewTierHistory(pool *pgxpool.Pool) *TierHistory {
	return &TierHistory{q: db.New(pool)}
}

func (r *TierHistory) Append(ctx context.Context, memberID uuid.UUID, from, to domain.Tier, reason string) error {
	return r.q.InsertTierHistory(ctx, db.InsertTierHistoryParams{
		MemberID: memberID,
		FromTier: string(from),
		ToTier:   string(to),
		Reason:   reason,
	})
}
