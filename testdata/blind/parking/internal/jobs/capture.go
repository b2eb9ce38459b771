package jobs

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/cityparking/parking/internal/domain"
	"github.com/cityparking/parking/internal/payments"
	"github.com/cityparking/parking/internal/platform/logx"
	"github.com/cityparking/parking/internal/platform/queue"
	"github.com/cityparking/parking/internal/store"
)

// ChargeCapture charges a pending session or garage charge to the card on
// file. The charge row exists before the task is queued and its ID is the
// processor idempotency key, so any number of deliveries produce one payment.
type ChargeCapture struct {
	charges  store.ChargeRepository
	accounts store.AccountRepository
	gateway  payments.Gateway
}

func NewChargeCapture(charges store.ChargeRepository, accounts store.AccountRepository, gateway payments.Gateway) *ChargeCapture {
	return &ChargeCapture{charges: charges, accounts: accounts, gateway: gateway}
}

func (h *ChargeCapture) ProcessTask(ctx context.Context, t *asynq.Task) error {
	p, err := queue.Decode[queue.ChargeCapturePayload](t)
	if err != nil {
		return fmt.Errorf("%v: %w", err, asynq.SkipRetry)
	}
	charge, err := h.charges.Get(ctx, p.ChargeID)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if charge.Status != domain.ChargePending {
		return nil
	}
	acct, err := h.accounts.Get(ctx, charge.AccountID)
	if err != nil {
		return err
	}
	if !acct.HasCard() {
		return h.charges.MarkFailed(ctx, charge.ID, "no_card_on_file")
	}

	retried, _ := asynq.GetRetryCount(ctx)
	res, err := h.gateway.Charge(ctx, payments.ChargeRequest{
		CustomerID:      acct.StripeCustomerID,
		PaymentMethodID: acct.DefaultPaymentPM,
		AmountCents:     charge.AmountCents,
		Currency:        charge.Currency,
		Description:     describeCharge(charge),
	},
		payments.WithIdempotencyKey("charge_"+charge.ID.String()),
		payments.WithMetadata("charge_id", charge.ID.String()),
		payments.WithMetadata("account_id", acct.ID.String()),
		payments.WithStatementDescriptor("PARKING"),
	)

	attempt := domain.ChargeAttempt{
		ID:        uuid.New(),
		ChargeID:  charge.ID,
		Attempt:   retried + 1,
		Outcome:   "succeeded",
		CreatedAt: time.Now().UTC(),
	}
	if err != nil {
		attempt.Outcome, attempt.Detail = "error", err.Error()
	}
	if lerr := h.charges.RecordAttempt(ctx, attempt); lerr != nil {
		logx.From(ctx).Warn("charge attempt not logged", "charge_id", charge.ID, "err", lerr)
	}

	switch {
	case errors.Is(err, payments.ErrDeclined), errors.Is(err, payments.ErrAuthenticationRequired):
		return h.charges.MarkFailed(ctx, charge.ID, err.Error())
	case err != nil:
		return err
	}
	return h.charges.MarkSucceeded(ctx, nil, charge.ID, res.PaymentIntentID)
}

func describeCharge(c *domain.Charge) string {
	switch {
	case c.SessionID != nil:
		return "Street parking session " + c.SessionID.String()[:8]
	case c.GarageSessionID != nil:
		return "Garage parking " + c.GarageSessionID.String()[:8]
	default:
		return "Parking charge"
	}
}
