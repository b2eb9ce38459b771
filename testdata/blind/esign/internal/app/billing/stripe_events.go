package billing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/stripe/stripe-go/v82"

	"github.com/quillsign/esign/internal/app"
	"github.com/quillsign/esign/internal/domain"
	"github.com/quillsign/esign/internal/platform/ids"
	"github.com/quillsign/esign/internal/store"
	"github.com/quillsign/esign/internal/store/queries"
)

type eventHandler func(ctx context.Context, ev stripe.Event) error

func (s *Service) eventHandlers() map[stripe.EventType]eventHandler {
	return map[stripe.EventType]eventHandler{
		stripe.EventTypePaymentIntentSucceeded:     s.onPaymentSucceeded,
		stripe.EventTypePaymentIntentPaymentFailed: s.once(s.onPaymentFailed),
		stripe.EventTypeChargeRefunded:             s.once(s.onChargeRefunded),
	}
}

// HandleStripeEvent dispatches a verified Stripe event. Unknown event types
// are acknowledged and ignored.
func (s *Service) HandleStripeEvent(ctx context.Context, ev stripe.Event) error {
	h, ok := s.handlers[ev.Type]
	if !ok {
		return nil
	}
	if err := h(ctx, ev); err != nil {
		return fmt.Errorf("%s %s: %w", ev.Type, ev.ID, err)
	}
	return nil
}

// once skips events that were handled before. Stripe delivers each event at
// least once and retries for up to three days on non-2xx responses.
func (s *Service) once(next eventHandler) eventHandler {
	return func(ctx context.Context, ev stripe.Event) error {
		seen, err := s.events.Seen(ctx, ev.ID)
		if err != nil {
			return err
		}
		if seen {
			return nil
		}
		if err := next(ctx, ev); err != nil {
			return err
		}
		return s.events.MarkProcessed(ctx, ev.ID, string(ev.Type))
	}
}

func (s *Service) onPaymentSucceeded(ctx context.Context, ev stripe.Event) error {
	var pi stripe.PaymentIntent
	if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx pgx.Tx) error {
		changed, err := queries.SetChargeStatus(ctx, tx, pi.ID, string(stripe.PaymentIntentStatusSucceeded))
		if err != nil || !changed {
			return err
		}
		ch, err := queries.GetChargeByPaymentIntent(ctx, tx, pi.ID)
		if err != nil {
			return err
		}
		if ch.InvoiceID != nil {
			_, err = queries.MarkInvoicePaid(ctx, tx, *ch.InvoiceID, s.now())
		}
		return err
	})
}

func (s *Service) onPaymentFailed(ctx context.Context, ev stripe.Event) error {
	var pi stripe.PaymentIntent
	if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
		return err
	}
	if _, err := queries.SetChargeStatus(ctx, s.db, pi.ID, "failed"); err != nil {
		return err
	}
	accountID := pi.Metadata["account_id"]
	if accountID == "" {
		return nil
	}
	acct, err := queries.GetAccount(ctx, s.db, accountID)
	if errors.Is(err, queries.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	reason := "Your card was declined."
	if pi.LastPaymentError != nil && pi.LastPaymentError.Msg != "" {
		reason = pi.LastPaymentError.Msg
	}
	_, err = s.mailer.Send(ctx, app.Mail{
		To:      acct.BillingEmail,
		Subject: "Action needed: a Quillsign payment failed",
		Text: fmt.Sprintf("Hi %s,\n\nWe could not collect %s %.2f: %s\n"+
			"Please update your card in Settings > Billing.\n",
			acct.Name, pi.Currency, float64(pi.Amount)/100, reason),
		Tag:      "payment-failed",
		Metadata: map[string]string{"payment_intent": pi.ID},
	})
	return err
}

func (s *Service) onChargeRefunded(ctx context.Context, ev stripe.Event) error {
	var ch stripe.Charge
	if err := json.Unmarshal(ev.Data.Raw, &ch); err != nil {
		return err
	}
	if ch.PaymentIntent == nil {
		return nil
	}
	charge, err := queries.GetChargeByPaymentIntent(ctx, s.db, ch.PaymentIntent.ID)
	if errors.Is(err, queries.ErrNotFound) {
		s.log.InfoContext(ctx, "refund for unknown charge", "payment_intent", ch.PaymentIntent.ID)
		return nil
	}
	if err != nil {
		return err
	}

	// The event carries the cumulative refunded amount; the previous value
	// tells us what this refund added.
	var before int64
	if v, ok := ev.Data.PreviousAttributes["amount_refunded"].(float64); ok {
		before = int64(v)
	}
	refund := ch.AmountRefunded - before
	if refund <= 0 {
		return nil
	}

	return s.db.InTx(ctx, func(tx pgx.Tx) error {
		if err := queries.AddChargeRefund(ctx, tx, charge.ID, refund); err != nil {
			return err
		}
		_, err := store.Insert(ctx, tx, domain.BalanceAdjustment{
			ID:          ids.New(),
			AccountID:   charge.AccountID,
			ChargeID:    &charge.ID,
			AmountCents: -refund,
			Reason:      "refund",
			CreatedAt:   s.now(),
		})
		return err
	})
}
