package rental

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/segmentio/ksuid"

	"github.com/acme/fleet/internal/domain"
	"github.com/acme/fleet/internal/platform/db"
	"github.com/acme/fleet/internal/provider/payments"
)

// Billing executes the charge commands read from the payments FIFO queue.
type Billing struct {
	db        db.Ext
	tx        Tx
	payments  PaymentRepo
	charges   ChargeRepo
	customers CustomerRepo
	gateway   Gateway
	log       *slog.Logger
	now       func() time.Time
}

func NewBilling(q db.Ext, tx Tx, paymentsRepo PaymentRepo, charges ChargeRepo, customers CustomerRepo, gateway Gateway, log *slog.Logger) *Billing {
	return &Billing{db: q, tx: tx, payments: paymentsRepo, charges: charges, customers: customers, gateway: gateway, log: log, now: time.Now}
}

// Execute charges the customer for one command. The command id is the
// card processor's idempotency key, so a redelivered command returns the
// payment made the first time.
func (b *Billing) Execute(ctx context.Context, cmd domain.ChargeCommand, receiveCount int) error {
	attempt := domain.PaymentAttempt{
		ID:           ksuid.New().String(),
		CommandID:    cmd.CommandID,
		ReceiveCount: receiveCount,
		StartedAt:    b.now(),
	}
	if err := b.payments.LogAttempt(ctx, b.db, attempt); err != nil {
		b.log.WarnContext(ctx, "payment attempt log", "command_id", cmd.CommandID, "err", err)
	}

	p, err := b.payments.Get(ctx, b.db, cmd.CommandID)
	switch {
	case err == nil && p.Status == domain.PaymentSucceeded:
		return nil
	case errors.Is(err, domain.ErrNotFound):
		if err := b.payments.InsertPending(ctx, b.db, domain.Payment{
			CommandID:   cmd.CommandID,
			CustomerID:  cmd.CustomerID,
			SubjectType: cmd.SubjectType,
			SubjectID:   cmd.SubjectID,
			AmountCents: cmd.AmountCents,
		}); err != nil {
			return err
		}
	case err != nil:
		return err
	}

	cust, err := b.customers.Get(ctx, b.db, cmd.CustomerID)
	if err != nil {
		return err
	}
	intentID, err := b.gateway.Charge(ctx, payments.ChargeRequest{
		CustomerID:      cust.StripeCustomerID,
		PaymentMethodID: cust.DefaultPaymentMethod,
		AmountCents:     cmd.AmountCents,
		Description:     cmd.Description,
	}, payments.WithIdempotencyKey(cmd.CommandID), payments.WithMetadata("command_id", cmd.CommandID))
	if errors.Is(err, payments.ErrDeclined) {
		// Final for this command: record it and let the queue move on;
		// collections picks up failed payments.
		return b.payments.MarkFailed(ctx, b.db, cmd.CommandID, err.Error())
	}
	if err != nil {
		return err
	}

	return b.tx.InTx(ctx, func(q db.Ext) error {
		if err := b.payments.MarkSucceeded(ctx, q, cmd.CommandID, intentID); err != nil {
			return err
		}
		if cmd.SubjectType != domain.SubjectRentalCharge {
			return nil
		}
		chargeID, err := uuid.Parse(cmd.SubjectID)
		if err != nil {
			return err
		}
		return b.charges.MarkSettled(ctx, q, chargeID)
	})
}
