package fines

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"

	"github.com/shelfwise-labs/branchline/internal/domain"
)

// ErrBadSignature is returned for webhook payloads that fail verification.
var ErrBadSignature = errors.New("fines: bad webhook signature")

// ParseStripeEvent verifies a webhook payload and decodes the event.
func (s *Service) ParseStripeEvent(payload []byte, signature string) (stripe.Event, error) {
	evt, err := s.Stripe.ParseEvent(payload, signature)
	if err != nil {
		return evt, fmt.Errorf("%w: %v", ErrBadSignature, err)
	}
	return evt, nil
}

// ApplyStripeEvent applies the event types the fines service cares about.
func (s *Service) ApplyStripeEvent(ctx context.Context, evt stripe.Event) error {
	switch evt.Type {
	case stripe.EventTypeChargeDisputeCreated:
		return s.applyDispute(ctx, evt)
	default:
		s.Log.DebugContext(ctx, "ignoring stripe event", "type", evt.Type)
		return nil
	}
}

// applyDispute reopens the fines of a charged-back payment and puts the
// amount back on the patron's account.
func (s *Service) applyDispute(ctx context.Context, evt stripe.Event) error {
	var d stripe.Dispute
	if err := json.Unmarshal(evt.Data.Raw, &d); err != nil {
		return fmt.Errorf("decode dispute: %w", err)
	}
	if d.PaymentIntent == nil {
		return nil
	}
	p, err := s.Payments.GetByIntent(ctx, d.PaymentIntent.ID)
	if errors.Is(err, domain.ErrNotFound) {
		return nil // not a fines payment
	}
	if err != nil {
		return err
	}
	return s.Tx.WithTx(ctx, func(tx *sql.Tx) error {
		if err := s.Payments.MarkDisputed(ctx, tx, p.ID); err != nil {
			return err
		}
		if _, err := s.Fines.ReopenForPayment(ctx, tx, p.ID); err != nil {
			return err
		}
		if err := s.Patrons.AdjustBalance(ctx, tx, p.PatronID, d.Amount); err != nil {
			return err
		}
		return s.Ledger.Insert(ctx, tx, domain.LedgerEntry{
			ID: s.NewID(), PatronID: p.PatronID, AmountCents: d.Amount,
			Reason: "chargeback", Ref: d.ID, CreatedAt: s.Now(),
		})
	})
}
