package invoicing

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"

	"github.com/sunrail/installs/internal/contracts"
	"github.com/sunrail/installs/internal/platform/database"
	"github.com/sunrail/installs/internal/platform/events"
)

// DepositSettler settles deposit intents.
type DepositSettler interface {
	SettleDeposit(ctx context.Context, id uuid.UUID, status string) (contracts.Deposit, bool, error)
}

// StripeEvents applies Stripe webhook events.
type StripeEvents struct {
	repo     *Repository
	deposits DepositSettler
	events   events.Publisher
	tx       database.TxManager
}

// NewStripeEvents builds a StripeEvents.
func NewStripeEvents(repo *Repository, deposits DepositSettler, pub events.Publisher, tx database.TxManager) *StripeEvents {
	return &StripeEvents{repo: repo, deposits: deposits, events: pub, tx: tx}
}

type piHandler func(ctx context.Context, pi *stripe.PaymentIntent, succeeded bool) error

// Apply handles one verified Stripe event.
func (h *StripeEvents) Apply(ctx context.Context, evt stripe.Event) error {
	var succeeded bool
	switch evt.Type {
	case stripe.EventTypePaymentIntentSucceeded:
		succeeded = true
	case stripe.EventTypePaymentIntentPaymentFailed:
		succeeded = false
	default:
		return nil
	}
	var pi stripe.PaymentIntent
	if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
		return fmt.Errorf("decode payment intent: %w", err)
	}
	handlers := map[string]piHandler{
		"deposit": h.deposit,
		"invoice": h.invoice,
	}
	handle, ok := handlers[pi.Metadata["kind"]]
	if !ok {
		slog.InfoContext(ctx, "ignoring payment intent", "pi", pi.ID, "kind", pi.Metadata["kind"])
		return nil
	}
	return h.tx.WithinTx(ctx, func(ctx context.Context) error {
		first, err := h.repo.ClaimStripeEvent(ctx, evt.ID, string(evt.Type))
		if err != nil || !first {
			return err
		}
		return handle(ctx, &pi, succeeded)
	})
}

func (h *StripeEvents) deposit(ctx context.Context, pi *stripe.PaymentIntent, succeeded bool) error {
	id, err := uuid.Parse(pi.Metadata["deposit_id"])
	if err != nil {
		return fmt.Errorf("deposit_id metadata: %w", err)
	}
	status := contracts.DepositSucceeded
	if !succeeded {
		status = contracts.DepositFailed
	}
	dep, changed, err := h.deposits.SettleDeposit(ctx, id, status)
	if err != nil || !changed || !succeeded {
		return err
	}
	return h.events.Publish(ctx, events.TopicDepositSucceeded, events.DepositSucceeded{
		ContractID:      dep.ContractID,
		DepositID:       dep.ID,
		AmountCents:     dep.AmountCents,
		PaymentIntentID: pi.ID,
	})
}

func (h *StripeEvents) invoice(ctx context.Context, pi *stripe.PaymentIntent, succeeded bool) error {
	id, err := uuid.Parse(pi.Metadata["invoice_id"])
	if err != nil {
		return fmt.Errorf("invoice_id metadata: %w", err)
	}
	status := StatusPaid
	if !succeeded {
		status = StatusFailed
	}
	inv, changed, err := h.repo.Settle(ctx, id, status, pi.ID)
	if err != nil || !changed || !succeeded {
		return err
	}
	return h.events.Publish(ctx, events.TopicInvoicePaid, events.InvoicePaid{
		InvoiceID:   inv.ID,
		ProjectID:   inv.ProjectID,
		Milestone:   inv.Milestone,
		AmountCents: inv.AmountCents,
	})
}
