package disbursement

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgtype"
	"go.uber.org/zap"

	"github.com/brightpay/lending/internal/events"
	"github.com/brightpay/lending/internal/providers/payout"
	"github.com/brightpay/lending/internal/repo"
)

const inboxSourcePayout = "payout"

// HandleStatus applies a payout status webhook.
func (s *service) HandleStatus(ctx context.Context, evt payout.StatusEvent) error {
	seen, err := s.store.Dedup().InboxEventExists(ctx, inboxSourcePayout, evt.EventID)
	if err != nil {
		return err
	}
	if seen {
		s.log.Debug("payout event already handled", zap.String("event_id", evt.EventID))
		return nil
	}
	d, err := s.store.Disbursements().GetDisbursementByReference(ctx, evt.ClientReference)
	if err != nil {
		return fmt.Errorf("disbursement %s: %w", evt.ClientReference, err)
	}

	err = s.store.InTx(ctx, func(ctx context.Context, st repo.Store) error {
		switch evt.Type {
		case "payout.paid":
			if err := st.Disbursements().UpdateDisbursementStatus(ctx, d.ID, "paid", pgtype.Text{}); err != nil {
				return err
			}
			if err := st.Loans().ActivateLoan(ctx, d.LoanID, d.AmountCents); err != nil {
				return err
			}
			return events.Enqueue(ctx, st.Outbox(), events.TopicLoanDisbursed, d.LoanID, events.LoanDisbursed{
				LoanID:      d.LoanID,
				AmountCents: d.AmountCents,
				PartnerRef:  evt.PayoutID,
			})
		case "payout.failed", "payout.returned":
			reason := pgtype.Text{String: evt.FailureReason, Valid: evt.FailureReason != ""}
			if err := st.Disbursements().UpdateDisbursementStatus(ctx, d.ID, "failed", reason); err != nil {
				return err
			}
			return st.Loans().SetLoanStatus(ctx, d.LoanID, "disbursement_failed")
		default:
			s.log.Info("ignoring payout event", zap.String("type", evt.Type))
			return nil
		}
	})
	if err != nil {
		return err
	}
	_, err = s.store.Dedup().InsertInboxEvent(ctx, inboxSourcePayout, evt.EventID, evt.Type)
	return err
}
