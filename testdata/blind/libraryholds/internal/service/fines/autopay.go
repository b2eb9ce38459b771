package fines

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"

	"github.com/shelfwise-labs/branchline/internal/domain"
	"github.com/shelfwise-labs/branchline/internal/provider/stripepay"
)

// ChargeAutopay charges a patron's saved card for everything open. It runs
// as an asynq task queued by the nightly batch.
func (s *Service) ChargeAutopay(ctx context.Context, patronID string, runDate time.Time) error {
	patron, err := s.Patrons.Get(ctx, patronID)
	if err != nil {
		return err
	}
	if patron.AutopayPaymentMethod == "" || patron.StripeCustomerID == "" {
		return nil // opted out since the batch ran
	}
	open, err := s.Fines.ListOpen(ctx, patronID)
	if err != nil {
		return err
	}
	total := sum(open)
	if total < s.Policy.AutopayMinimumCents {
		return nil
	}

	key := s.NewKey()
	res, err := s.Stripe.Charge(ctx, stripepay.ChargeRequest{
		CustomerID:      patron.StripeCustomerID,
		PaymentMethodID: patron.AutopayPaymentMethod,
		AmountCents:     total,
		Currency:        s.Policy.Currency,
		Description:     "Library fines (automatic payment)",
		OffSession:      true,
		Metadata: map[string]string{
			"patron_id": patron.ID,
			"run_date":  runDate.Format(time.DateOnly),
		},
		IdempotencyKey: key,
	})
	if errors.Is(err, stripepay.ErrCardDeclined) {
		s.Log.InfoContext(ctx, "autopay declined", "patron_id", patron.ID, "err", err)
		return fmt.Errorf("%v: %w", err, asynq.SkipRetry)
	}
	if err != nil {
		return err
	}

	payment := domain.Payment{
		ID:                    s.NewID(),
		PatronID:              patron.ID,
		RequestKey:            key,
		AmountCents:           total,
		Status:                domain.PaymentPending,
		Source:                "autopay",
		StripePaymentIntentID: res.PaymentIntentID,
	}
	ids := fineIDs(open)
	return s.Tx.WithTx(ctx, func(tx *sql.Tx) error {
		if err := s.Payments.Insert(ctx, tx, payment, ids); err != nil {
			return err
		}
		if _, err := s.Fines.MarkPaidTx(ctx, tx, ids, payment.ID); err != nil {
			return err
		}
		return s.settle(ctx, tx, payment)
	})
}
