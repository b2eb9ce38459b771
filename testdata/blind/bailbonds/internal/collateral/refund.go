package collateral

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/keystonebail/bondline/internal/platform/database"
	"github.com/keystonebail/bondline/internal/providers/stripepay"
)

// Refund returns one deposit. Card deposits are refunded through Stripe;
// cash and wire deposits are handed to accounting for a cheque, which is
// tracked outside this system, so the record is completed at once.
func (s *Service) Refund(ctx context.Context, depositID uuid.UUID) error {
	var (
		dep *Deposit
		rec *RefundRecord
	)
	err := database.WithTx(ctx, s.db, func(tx *sqlx.Tx) error {
		d, err := s.deposits.GetForUpdate(ctx, tx, depositID)
		if err != nil {
			return err
		}
		switch d.Status {
		case StatusRefunded:
			return nil
		case StatusHeld:
			claimed, err := s.deposits.ClaimForRefund(ctx, tx, d.ID)
			if err != nil || !claimed {
				return err
			}
			method := "cheque"
			if d.Kind == KindCard {
				method = "card"
			}
			rec = &RefundRecord{
				ID:          uuid.New(),
				DepositID:   d.ID,
				AmountCents: d.AmountCents - s.RefundFee(*d),
				Method:      method,
				Status:      "pending",
			}
			if err := s.refunds.Insert(ctx, tx, rec); err != nil {
				return err
			}
		case StatusRefunding:
			// An earlier attempt claimed the deposit and stopped before
			// finishing; carry on with its refund record.
			if rec, err = s.refunds.GetByDeposit(ctx, tx, d.ID); err != nil {
				return err
			}
		}
		dep = d
		return nil
	})
	if err != nil {
		return fmt.Errorf("claim deposit %s: %w", depositID, err)
	}
	if dep == nil || rec == nil {
		return nil
	}

	var stripeRefundID *string
	if dep.Kind == KindCard && dep.StripePaymentIntentID != nil {
		r, err := s.payments.Refund(ctx, stripepay.RefundInput{
			PaymentIntentID: *dep.StripePaymentIntentID,
			AmountCents:     rec.AmountCents,
			Metadata:        map[string]string{"deposit_id": dep.ID.String(), "refund_id": rec.ID.String()},
			IdempotencyKey:  "collateral-refund-" + rec.ID.String(),
		})
		if err != nil {
			return err
		}
		stripeRefundID = &r.ID
	}

	err = database.WithTx(ctx, s.db, func(tx *sqlx.Tx) error {
		now := s.now()
		if err := s.refunds.Complete(ctx, tx, rec.ID, stripeRefundID, now); err != nil {
			return err
		}
		return s.deposits.MarkRefunded(ctx, tx, dep.ID, now)
	})
	if err != nil {
		return err
	}
	slog.InfoContext(ctx, "collateral refunded", "deposit_id", dep.ID, "method", rec.Method, "amount_cents", rec.AmountCents)
	return nil
}
