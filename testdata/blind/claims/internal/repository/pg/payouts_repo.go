package pg

import (
	"context"

	"github.com/google/uuid"

	"github.com/harborline/claims/internal/payouts"
	"github.com/harborline/claims/internal/platform/txctx"
	"github.com/harborline/claims/internal/store/dbgen"
)

// PayoutRepo implements payouts.Repository.
type PayoutRepo struct{ base }

// NewPayoutRepo builds a PayoutRepo.
func NewPayoutRepo(conn *txctx.Conn) *PayoutRepo { return &PayoutRepo{base{conn}} }

var _ payouts.Repository = (*PayoutRepo)(nil)

func (r *PayoutRepo) InsertIfAbsent(ctx context.Context, p payouts.Payout) (bool, error) {
	_, err := r.q(ctx).InsertPayout(ctx, dbgen.InsertPayoutParams{
		ID:                 p.ID,
		ClaimID:            p.ClaimID,
		IdempotencyKey:     p.IdempotencyKey,
		AmountCents:        p.AmountCents,
		Currency:           p.Currency,
		DestinationAccount: p.DestinationAccount,
		Status:             string(p.Status),
	})
	return insertedOne(err)
}

func (r *PayoutRepo) GetByKey(ctx context.Context, claimID uuid.UUID, key string) (payouts.Payout, error) {
	row, err := r.q(ctx).GetPayoutByKey(ctx, dbgen.GetPayoutByKeyParams{ClaimID: claimID, IdempotencyKey: key})
	if err != nil {
		return payouts.Payout{}, notFound(err, payouts.ErrNotFound)
	}
	return toPayout(row), nil
}

func (r *PayoutRepo) Get(ctx context.Context, id uuid.UUID) (payouts.Payout, error) {
	row, err := r.q(ctx).GetPayout(ctx, id)
	if err != nil {
		return payouts.Payout{}, notFound(err, payouts.ErrNotFound)
	}
	return toPayout(row), nil
}

func (r *PayoutRepo) GetForUpdate(ctx context.Context, id uuid.UUID) (payouts.Payout, error) {
	row, err := r.q(ctx).GetPayoutForUpdate(ctx, id)
	if err != nil {
		return payouts.Payout{}, notFound(err, payouts.ErrNotFound)
	}
	return toPayout(row), nil
}

func (r *PayoutRepo) SetStatus(ctx context.Context, id uuid.UUID, s payouts.Status) error {
	return r.q(ctx).SetPayoutStatus(ctx, dbgen.SetPayoutStatusParams{ID: id, Status: string(s)})
}

func (r *PayoutRepo) SetTransfer(ctx context.Context, id uuid.UUID, transferID string, s payouts.Status) error {
	return r.q(ctx).SetPayoutTransfer(ctx, dbgen.SetPayoutTransferParams{ID: id, StripeTransferID: &transferID, Status: string(s)})
}

func (r *PayoutRepo) SetStripePayout(ctx context.Context, id uuid.UUID, payoutID string, s payouts.Status) error {
	return r.q(ctx).SetPayoutStripePayoutID(ctx, dbgen.SetPayoutStripePayoutIDParams{ID: id, StripePayoutID: &payoutID, Status: string(s)})
}

func (r *PayoutRepo) AppendAttempt(ctx context.Context, id, payoutID uuid.UUID, attempt int, note string) error {
	return r.q(ctx).InsertPayoutAttempt(ctx, dbgen.InsertPayoutAttemptParams{
		ID: id, PayoutID: payoutID, Attempt: int32(attempt), Note: note,
	})
}

func toPayout(row dbgen.Payout) payouts.Payout {
	return payouts.Payout{
		ID:                 row.ID,
		ClaimID:            row.ClaimID,
		IdempotencyKey:     row.IdempotencyKey,
		AmountCents:        row.AmountCents,
		Currency:           row.Currency,
		DestinationAccount: row.DestinationAccount,
		Status:             payouts.Status(row.Status),
		StripeTransferID:   deref(row.StripeTransferID),
		StripePayoutID:     deref(row.StripePayoutID),
		CreatedAt:          row.CreatedAt,
	}
}
