package store

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tidewater/loyalty/internal/db"
)

type GiftCards struct {
	q db.Querier
}

func NewGiftCards(pool *pgxpool.Pool) *GiftCards {
	return &GiftCards{q: db.New(pool)}
}

func (r *GiftCards) GetRequest(ctx context.Context, id uuid.UUID) (db.GiftCardRequest, error) {
	req, err := r.q.GetGiftCardRequest(ctx, id)
	return req, notFound(err)
}

func (r *GiftCards) SetStatus(ctx context.Context, id uuid.UUID, status string) error {
	return r.q.SetGiftCardRequestStatus(ctx, db.SetGiftCardRequestStatusParams{ID: id, Status: status})
}

func (r *GiftCards) MarkIssued(ctx context.Context, id uuid.UUID, providerCardID string) error {
	return r.q.MarkGiftCardRequestIssued(ctx, db.MarkGiftCardRequestIssuedParams{
		ID:             id,
		ProviderCardID: pgtype.Text{String: providerCardID, Valid: true},
	})
}

func (r *GiftCards) LogAttempt(ctx context.Context, p db.InsertGiftCardAttemptParams) error {
	return r.q.InsertGiftCardAttempt(ctx, p)
}

func (r *GiftCards) GetCard(ctx context.Context, requestID uuid.UUID) (db.GiftCard, error) {
	c, err := r.q.GetGiftCard(ctx, requestID)
	return c, notFound(err)
}

func (r *GiftCards) SaveCard(ctx context.Context, p db.InsertGiftCardParams) error {
	return r.q.InsertGiftCard(ctx, p)
}

func (r *GiftCards) ReplaceCard(ctx context.Context, requestID uuid.UUID, providerCardID, masked string) error {
	return r.q.ReplaceGiftCard(ctx, db.ReplaceGiftCardParams{
		RequestID:      requestID,
		ProviderCardID: providerCardID,
		MaskedCode:     masked,
	})
}
