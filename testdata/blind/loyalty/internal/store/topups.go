package store

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tidewater/loyalty/internal/db"
)

type TopUps struct {
	q db.Querier
}

func NewTopUps(pool *pgxpool.Pool) *TopUps {
	return &TopUps{q: db.New(pool)}
}

func (r *TopUps) Create(ctx context.Context, p db.CreateTopUpParams) error {
	return r.q.CreateTopUp(ctx, p)
}

func (r *TopUps) AttachIntent(ctx context.Context, id uuid.UUID, intentID, status string) error {
	return r.q.AttachTopUpPaymentIntent(ctx, db.AttachTopUpPaymentIntentParams{
		ID:              id,
		PaymentIntentID: pgtype.Text{String: intentID, Valid: intentID != ""},
		Status:          status,
	})
}

func (r *TopUps) MarkFailed(ctx context.Context, id uuid.UUID) error {
	return r.q.SetTopUpStatus(ctx, db.SetTopUpStatusParams{ID: id, Status: "failed"})
}
