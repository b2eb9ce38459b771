package vendor

import (
	"context"
	"log/slog"
	"strings"

	"github.com/google/uuid"

	"github.com/loopgate/festival-cashless/internal/clients/payments"
	"github.com/loopgate/festival-cashless/internal/db"
)

// RefundOutcomes receives the final state of attendee refund transfers,
// which share the PayBridge transfer webhook with vendor payouts.
type RefundOutcomes interface {
	ApplyOutcome(ctx context.Context, refundID uuid.UUID, status string) error
}

func mapTransferStatus(s string) string {
	switch s {
	case "booked", "credited":
		return PayoutPaid
	case "failed", "returned", "refused":
		return PayoutFailed
	default:
		return PayoutSubmitted
	}
}

// ApplyTransferEvent records a transfer status webhook and moves the payout
// (or attendee refund) it refers to.
func (s *Service) ApplyTransferEvent(ctx context.Context, ev payments.TransferEvent, refunds RefundOutcomes) error {
	ref := ev.Data.Reference
	if err := s.store.InsertPayoutEvent(ctx, db.InsertPayoutEventParams{
		EventID:  ev.ID,
		PayoutID: ref,
		Status:   ev.Data.Status,
	}); err != nil {
		return err
	}
	status := mapTransferStatus(ev.Data.Status)

	if rest, ok := strings.CutPrefix(ref, "rf_"); ok {
		id, err := uuid.Parse(rest)
		if err != nil {
			slog.WarnContext(ctx, "transfer event with malformed refund reference", "reference", ref)
			return nil
		}
		return refunds.ApplyOutcome(ctx, id, status)
	}

	p, err := s.store.GetPayout(ctx, ref)
	if err != nil {
		return err
	}
	if err := s.store.UpdatePayoutStatus(ctx, db.UpdatePayoutStatusParams{ID: p.ID, Status: status}); err != nil {
		return err
	}
	if status == PayoutPaid && p.SettlementID != nil {
		return s.store.MarkSettlementPaid(ctx, *p.SettlementID)
	}
	return nil
}
