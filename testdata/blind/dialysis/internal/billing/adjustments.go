package billing

import (
	"context"

	"github.com/google/uuid"

	"github.com/renalnet/dialysis-ops/internal/apperr"
	"github.com/renalnet/dialysis-ops/internal/db"
	"github.com/renalnet/dialysis-ops/internal/events"
	"github.com/renalnet/dialysis-ops/internal/outbox"
	"github.com/renalnet/dialysis-ops/internal/store"
)

type AdjustmentInput struct {
	ReasonCode  string
	AmountCents int64
	Note        string
	CreatedBy   string
}

// AddAdjustment records a manual write-off or correction against a claim's
// balance. Billers call it from the A/R worklist.
func (s *Service) AddAdjustment(ctx context.Context, claimID uuid.UUID, in AdjustmentInput) (db.ClaimAdjustment, error) {
	if in.AmountCents == 0 {
		return db.ClaimAdjustment{}, apperr.Invalid("amount_cents must not be zero")
	}
	return store.InTxValue(ctx, s.store, func(q *db.Queries) (db.ClaimAdjustment, error) {
		claim, err := q.GetClaim(ctx, claimID)
		if store.IsNotFound(err) {
			return db.ClaimAdjustment{}, apperr.NotFound("claim %s not found", claimID)
		}
		if err != nil {
			return db.ClaimAdjustment{}, err
		}
		adj, err := q.InsertClaimAdjustment(ctx, db.InsertClaimAdjustmentParams{
			ID:          s.newID(),
			ClaimID:     claim.ID,
			ReasonCode:  in.ReasonCode,
			AmountCents: in.AmountCents,
			Note:        store.NullString(in.Note),
			CreatedBy:   in.CreatedBy,
		})
		if err != nil {
			return adj, err
		}
		if err := q.AdjustClaimBalance(ctx, db.AdjustClaimBalanceParams{ID: claim.ID, AmountCents: in.AmountCents}); err != nil {
			return adj, err
		}
		err = outbox.Write(ctx, q, events.Envelope{
			Topic:         events.TopicBilling,
			Type:          "claim.adjusted",
			AggregateType: "claim",
			AggregateID:   claim.ID,
			OrderingKey:   claim.ID.String(),
			Payload: events.ClaimAdjusted{
				ClaimID:      claim.ID,
				AdjustmentID: adj.ID,
				ReasonCode:   adj.ReasonCode,
				AmountCents:  adj.AmountCents,
			},
		})
		return adj, err
	})
}
