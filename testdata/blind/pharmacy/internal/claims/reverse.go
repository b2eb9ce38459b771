package claims

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/cedarleaf/pharmacy/internal/db"
	"github.com/cedarleaf/pharmacy/internal/platform/ids"
	"github.com/cedarleaf/pharmacy/internal/platform/retryx"
	"github.com/cedarleaf/pharmacy/internal/provider/pbm"
	"github.com/cedarleaf/pharmacy/internal/store"
)

// Reverse sends a B2 reversal for a paid claim whose order was cancelled,
// then books the reversal in the claim ledger. Run from claims.reverse.
func (s *Service) Reverse(ctx context.Context, claimID uuid.UUID, reason string) error {
	claim, err := s.store.GetClaim(ctx, claimID)
	if err != nil {
		return fmt.Errorf("load claim: %w", err)
	}
	if claim.Status != "paid" || !claim.PbmClaimRef.Valid {
		return nil
	}

	key := ids.NewULID()
	resp, err := retryx.Do(ctx, s.retry, func(ctx context.Context) (*pbm.ReversalResponse, error) {
		return s.pbm.ReverseClaim(ctx, claim.PbmClaimRef.String, pbm.ReversalRequest{Reason: reason}, pbm.WithIdempotencyKey(key))
	})
	if err != nil {
		return fmt.Errorf("reverse claim %s: %w", claim.PbmClaimRef.String, err)
	}

	return s.store.InTx(ctx, func(q *db.Queries, tx pgx.Tx) error {
		if err := q.CreateClaimReversal(ctx, db.CreateClaimReversalParams{
			ID:             uuid.New(),
			ClaimID:        claim.ID,
			PbmReversalRef: resp.ReversalRef,
			Status:         resp.Status,
		}); err != nil {
			return err
		}
		for _, e := range []struct {
			kind   string
			amount int64
		}{{"plan_paid_reversal", -claim.PlanPaidCents}, {"patient_copay_reversal", -claim.CopayCents}} {
			if err := q.InsertClaimLedgerEntry(ctx, db.InsertClaimLedgerEntryParams{
				ClaimID:     claim.ID,
				EntryType:   e.kind,
				AmountCents: e.amount,
				SourceRef:   store.Text("b2:" + resp.ReversalRef),
			}); err != nil {
				return err
			}
		}
		return q.MarkClaimReversed(ctx, claim.ID)
	})
}
