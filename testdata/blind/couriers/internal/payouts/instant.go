package payouts

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/spokechain/courierpay/internal/db"
	"github.com/spokechain/courierpay/internal/notify"
	"github.com/spokechain/courierpay/internal/pkg/apperr"
	"github.com/spokechain/courierpay/internal/platform/postgres"
	"github.com/spokechain/courierpay/internal/providers/stripeconnect"
)

// CashoutRequest is an instant cash-out from the courier app.
type CashoutRequest struct {
	ClientRequestID string `json:"client_request_id"`
	AmountCents     int64  `json:"amount_cents"`
}

// RequestCashout pays part of the courier's unpaid earnings out immediately,
// less the instant fee. The app sends a client_request_id per tap; the
// cash-out row is unique on it.
func (s *service) RequestCashout(ctx context.Context, courierID uuid.UUID, in CashoutRequest) (db.Cashout, error) {
	if in.ClientRequestID == "" {
		return db.Cashout{}, apperr.Invalid("client_request_id is required")
	}
	if in.AmountCents <= s.cfg.InstantCashoutFeeCents {
		return db.Cashout{}, apperr.Invalid("amount must exceed the %s instant fee", notify.Cents(s.cfg.InstantCashoutFeeCents))
	}
	c, err := s.couriers.Get(ctx, courierID)
	if err != nil {
		return db.Cashout{}, err
	}
	if !c.StripeAccountID.Valid || !c.PayoutsEnabled {
		return db.Cashout{}, apperr.Unprocessable("payouts are not enabled for this courier")
	}

	existing, err := s.q.GetCashoutByRequest(ctx, db.GetCashoutByRequestParams{CourierID: c.ID, ClientRequestID: in.ClientRequestID})
	switch {
	case err == nil && existing.Status == "paid":
		return existing, nil
	case err != nil && !postgres.IsNoRows(err):
		return db.Cashout{}, err
	case postgres.IsNoRows(err):
		if err := s.checkCashoutLimits(ctx, c, in.AmountCents); err != nil {
			return db.Cashout{}, err
		}
	}

	if err := s.q.InsertCashout(ctx, db.InsertCashoutParams{
		ID:              s.newID(),
		CourierID:       c.ID,
		ClientRequestID: in.ClientRequestID,
		AmountCents:     in.AmountCents,
		FeeCents:        s.cfg.InstantCashoutFeeCents,
	}); err != nil {
		return db.Cashout{}, err
	}
	co, err := s.q.GetCashoutByRequest(ctx, db.GetCashoutByRequestParams{CourierID: c.ID, ClientRequestID: in.ClientRequestID})
	if err != nil {
		return db.Cashout{}, err
	}

	tr, err := s.transfers.Transfer(ctx, stripeconnect.TransferInput{
		Destination: c.StripeAccountID.String,
		AmountCents: co.AmountCents - co.FeeCents,
		Currency:    s.cfg.Currency,
		Description: "Instant cash-out",
		Metadata: map[string]string{
			"cashout_id": co.ID.String(),
			"courier_id": c.ID.String(),
		},
		IdempotencyKey: s.newKey(),
	})
	if err != nil {
		if stripeconnect.IsPermanent(err) {
			_ = s.q.MarkCashoutFailed(ctx, co.ID)
			return db.Cashout{}, apperr.Unprocessable("cash-out was declined")
		}
		return db.Cashout{}, fmt.Errorf("payouts: cash-out %s: %w", co.ID, err)
	}

	err = s.tx.WithinTx(ctx, func(q *db.Queries) error {
		if err := q.MarkCashoutPaid(ctx, db.MarkCashoutPaidParams{ID: co.ID, StripeTransferID: postgres.Text(tr.ID)}); err != nil {
			return err
		}
		_, err := s.outbox.Enqueue(ctx, q, notify.Message{
			DedupKey:  "cashout-paid:" + co.ID.String(),
			CourierID: c.ID,
			Phone:     c.PhoneE164,
			Template:  "cashout_paid",
			Body:      notify.CashoutPaid(co.AmountCents, co.FeeCents),
		})
		return err
	})
	if err != nil {
		return db.Cashout{}, err
	}
	co.Status = "paid"
	co.StripeTransferID = postgres.Text(tr.ID)
	return co, nil
}

func (s *service) checkCashoutLimits(ctx context.Context, c db.Courier, amount int64) error {
	dayStart := s.now().UTC().Truncate(24 * time.Hour)
	spent, err := s.q.SumCashoutsSince(ctx, db.SumCashoutsSinceParams{CourierID: c.ID, CreatedAt: dayStart})
	if err != nil {
		return err
	}
	if spent+amount > s.cfg.CashoutDailyLimitCents {
		return apperr.Unprocessable("daily cash-out limit of %s reached", notify.Cents(s.cfg.CashoutDailyLimitCents))
	}
	sums, err := s.q.SumUnpaidForCourier(ctx, db.SumUnpaidForCourierParams{CourierID: c.ID, Cutoff: s.now()})
	if err != nil {
		return err
	}
	available := sums.DeliveryCents + sums.AdjustmentCents + sums.BonusCents + sums.TipCents + sums.PoolCents - spent
	if amount > available {
		return apperr.Unprocessable("only %s is available to cash out", notify.Cents(max(available, 0)))
	}
	return nil
}

// RequestAdvance pays an advance against the courier's next weekly payout;
// the advance is recovered when the next run is built.
func (s *service) RequestAdvance(ctx context.Context, courierID uuid.UUID, amountCents int64) (db.Advance, error) {
	if amountCents <= 0 {
		return db.Advance{}, apperr.Invalid("amount_cents must be positive")
	}
	c, err := s.couriers.Get(ctx, courierID)
	if err != nil {
		return db.Advance{}, err
	}
	if !c.StripeAccountID.Valid || !c.PayoutsEnabled {
		return db.Advance{}, apperr.Unprocessable("payouts are not enabled for this courier")
	}
	outstanding, err := s.q.SumOutstandingAdvances(ctx, c.ID)
	if err != nil {
		return db.Advance{}, err
	}
	if outstanding+amountCents > s.cfg.MaxAdvanceCents {
		return db.Advance{}, apperr.Unprocessable("advance limit is %s; %s outstanding",
			notify.Cents(s.cfg.MaxAdvanceCents), notify.Cents(outstanding))
	}
	adv, err := s.q.InsertAdvance(ctx, db.InsertAdvanceParams{
		ID:          s.newID(),
		CourierID:   c.ID,
		AmountCents: amountCents,
	})
	if err != nil {
		return db.Advance{}, err
	}
	tr, err := s.transfers.Transfer(ctx, stripeconnect.TransferInput{
		Destination:    c.StripeAccountID.String,
		AmountCents:    adv.AmountCents,
		Currency:       s.cfg.Currency,
		Description:    "Advance on next payout",
		Metadata:       map[string]string{"advance_id": adv.ID.String()},
		IdempotencyKey: "advance:" + adv.ID.String(),
	})
	if err != nil {
		_ = s.q.MarkAdvanceFailed(ctx, adv.ID)
		return db.Advance{}, fmt.Errorf("payouts: advance %s: %w", adv.ID, err)
	}
	if err := s.q.MarkAdvancePaid(ctx, db.MarkAdvancePaidParams{ID: adv.ID, StripeTransferID: postgres.Text(tr.ID)}); err != nil {
		return db.Advance{}, err
	}
	adv.Status = "paid"
	adv.StripeTransferID = postgres.Text(tr.ID)
	return adv, nil
}
