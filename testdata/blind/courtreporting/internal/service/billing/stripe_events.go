package billing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"
	"go.uber.org/zap"

	"github.com/stenoline-legal/depobook/internal/domain"
)

type stripeHandler func(ctx context.Context, evt stripe.Event) error

func (s *Service) registerStripeHandlers() map[string]stripeHandler {
	return map[string]stripeHandler{
		"payment_intent.succeeded": s.onPaymentSucceeded,
		"charge.refunded":          s.onChargeRefunded,
	}
}

// HandleStripeEvent applies a verified Stripe webhook event. Stripe
// redelivers any event that does not get a 2xx.
func (s *Service) HandleStripeEvent(ctx context.Context, evt stripe.Event) error {
	h, ok := s.stripeHandlers[string(evt.Type)]
	if !ok {
		return nil
	}
	seen, err := s.events.Seen(ctx, evt.ID)
	if err != nil {
		return err
	}
	if seen {
		s.log.Debug("stripe event already processed", zap.String("event_id", evt.ID))
		return nil
	}

	if err := s.tx.InTx(ctx, func(ctx context.Context) error { return h(ctx, evt) }); err != nil {
		return fmt.Errorf("stripe %s %s: %w", evt.Type, evt.ID, err)
	}
	return s.events.MarkProcessed(ctx, &domain.StripeEvent{EventID: evt.ID, Type: string(evt.Type)})
}

// onPaymentSucceeded credits payments made through the hosted checkout
// page. Card payments we initiate ourselves are recorded when the charge
// call returns.
func (s *Service) onPaymentSucceeded(ctx context.Context, evt stripe.Event) error {
	var pi stripe.PaymentIntent
	if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
		return err
	}
	if pi.Metadata["source"] != "checkout" {
		return nil
	}
	invoiceID := pi.Metadata["invoice_id"]
	if invoiceID == "" {
		s.log.Warn("checkout payment without invoice", zap.String("payment_intent", pi.ID))
		return nil
	}
	return s.invoices.ApplyPayment(ctx, invoiceID, pi.AmountReceived, s.now())
}

// onChargeRefunded reopens the invoice by the refunded amount, once per
// payment.
func (s *Service) onChargeRefunded(ctx context.Context, evt stripe.Event) error {
	var ch stripe.Charge
	if err := json.Unmarshal(evt.Data.Raw, &ch); err != nil {
		return err
	}
	if ch.PaymentIntent == nil {
		return nil
	}
	p, err := s.payments.MarkRefunded(ctx, ch.PaymentIntent.ID, s.now())
	if errors.Is(err, domain.ErrConflict) {
		return nil
	}
	if err != nil {
		return err
	}
	return s.invoices.ApplyPayment(ctx, p.InvoiceID, -ch.AmountRefunded, s.now())
}
