package billing

import (
	"context"

	"github.com/renalnet/dialysis-ops/internal/apperr"
	"github.com/renalnet/dialysis-ops/internal/db"
	"github.com/renalnet/dialysis-ops/internal/partners/clearinghouse"
	"github.com/renalnet/dialysis-ops/internal/store"
	"github.com/renalnet/dialysis-ops/internal/webhookreceipt"
)

// PostRemittance posts an 835 the clearinghouse pushed to us: one
// remittance row and a payment posting per claim it pays or denies.
func (s *Service) PostRemittance(ctx context.Context, n clearinghouse.RemittanceNotice) error {
	if n.DeliveryID == "" || n.EraID == "" {
		return apperr.Invalid("delivery_id and era_id are required")
	}
	seen, err := s.receipts.Seen(ctx, webhookreceipt.SourceClearinghouseERA, n.DeliveryID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}

	err = s.store.InTx(ctx, func(q *db.Queries) error {
		rem, err := q.InsertRemittance(ctx, db.InsertRemittanceParams{
			ID:             s.newID(),
			EraID:          n.EraID,
			PayerID:        n.PayerID,
			CheckNumber:    n.CheckNumber,
			PaidTotalCents: n.PaidTotal,
		})
		if err != nil {
			return err
		}
		for _, c := range n.Claims {
			claim, err := q.GetClaimByPCN(ctx, c.PatientControlNumber)
			if store.IsNotFound(err) {
				s.log.WarnContext(ctx, "remittance for unknown claim", "pcn", c.PatientControlNumber, "era_id", n.EraID)
				continue
			}
			if err != nil {
				return err
			}
			if err := q.InsertPaymentPosting(ctx, db.InsertPaymentPostingParams{
				ID:              s.newID(),
				RemittanceID:    rem.ID,
				ClaimID:         claim.ID,
				PaidCents:       c.PaidCents,
				AdjustmentCents: c.AdjustmentCents,
				GroupCode:       store.NullString(c.GroupCode),
				ReasonCode:      store.NullString(c.ReasonCode),
			}); err != nil {
				return err
			}
			if err := q.ApplyClaimPayment(ctx, db.ApplyClaimPaymentParams{ID: claim.ID, PaidCents: c.PaidCents}); err != nil {
				return err
			}
			if c.PayerClaimID != "" {
				if err := q.SetClaimStatus(ctx, db.SetClaimStatusParams{
					ID:           claim.ID,
					Status:       paidOrDenied(c.PaidCents),
					PayerClaimID: store.NullString(c.PayerClaimID),
				}); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return s.receipts.Record(ctx, webhookreceipt.SourceClearinghouseERA, n.DeliveryID)
}

func paidOrDenied(paid int64) string {
	if paid > 0 {
		return "paid"
	}
	return "denied"
}
