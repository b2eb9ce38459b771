package payment

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"

	"github.com/lenslane/photomarket/db"
	"github.com/lenslane/photomarket/internal/events"
	"github.com/lenslane/photomarket/internal/store"
)

type txRunner interface {
	WithTx(ctx context.Context, fn func(tx store.Tx) error) error
}

// eventNamespace derives stable message IDs from Stripe event IDs.
var eventNamespace = uuid.MustParse("7b0f6b5e-1d1c-4c55-9f49-6f7e3c2a8d11")

func messageID(eventID, suffix string) string {
	return uuid.NewSHA1(eventNamespace, []byte(eventID+"/"+suffix)).String()
}

type eventHandler func(ctx context.Context, tx store.Tx, ev stripe.Event) error

// Webhooks applies platform-account Stripe events.
type Webhooks struct {
	store    txRunner
	logger   *slog.Logger
	handlers map[stripe.EventType]eventHandler
}

// NewWebhooks builds the platform webhook processor.
func NewWebhooks(st txRunner, logger *slog.Logger) *Webhooks {
	w := &Webhooks{store: st, logger: logger}
	w.handlers = map[stripe.EventType]eventHandler{
		stripe.EventTypePaymentIntentSucceeded:     w.intentSucceeded,
		stripe.EventTypePaymentIntentPaymentFailed: w.intentFailed,
		stripe.EventTypeRefundUpdated:              w.refundUpdated,
	}
	return w
}

// Handle applies one verified event.
func (w *Webhooks) Handle(ctx context.Context, ev stripe.Event) error {
	h, ok := w.handlers[ev.Type]
	if !ok {
		w.logger.Debug("ignoring stripe event", "type", ev.Type, "id", ev.ID)
		return nil
	}
	return w.store.WithTx(ctx, func(tx store.Tx) error {
		n, err := tx.Q.InsertStripeEvent(ctx, db.InsertStripeEventParams{
			EventID:   ev.ID,
			EventType: string(ev.Type),
		})
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		return h(ctx, tx, ev)
	})
}

func decodeObject[T any](ev stripe.Event) (*T, error) {
	if ev.Data == nil {
		return nil, fmt.Errorf("event %s has no data", ev.ID)
	}
	var v T
	if err := json.Unmarshal(ev.Data.Raw, &v); err != nil {
		return nil, fmt.Errorf("decode %s: %w", ev.Type, err)
	}
	return &v, nil
}

func (w *Webhooks) intentSucceeded(ctx context.Context, tx store.Tx, ev stripe.Event) error {
	pi, err := decodeObject[stripe.PaymentIntent](ev)
	if err != nil {
		return err
	}
	p, err := tx.Q.MarkPaymentSucceeded(ctx, sql.NullString{String: pi.ID, Valid: true})
	if errors.Is(err, sql.ErrNoRows) {
		w.logger.Info("payment already succeeded or unknown", "intent", pi.ID)
		return nil
	}
	if err != nil {
		return err
	}

	out := events.PaymentSucceeded{
		PaymentID:    p.ID,
		IntentID:     pi.ID,
		Kind:         p.Kind,
		BookingID:    p.BookingID.String,
		PrintOrderID: p.PrintOrderID.String,
		AmountCents:  p.AmountCents,
		Currency:     p.Currency,
	}

	switch p.Kind {
	case KindDeposit:
		b, err := tx.Q.GetBooking(ctx, p.BookingID.String)
		if err != nil {
			return err
		}
		out.PhotographerID = b.PhotographerID
		n, err := tx.Q.ConfirmBooking(ctx, b.ID)
		if err != nil {
			return err
		}
		if n == 1 {
			if err := tx.Events.Publish(ctx, events.TopicBookingConfirmed, events.BookingConfirmed{
				BookingID:      b.ID,
				ClientID:       b.ClientID,
				PhotographerID: b.PhotographerID,
				EventDate:      b.EventDate.Format("2006-01-02"),
			}, events.WithMessageID(messageID(ev.ID, "confirmed"))); err != nil {
				return err
			}
		}
	case KindBalance:
		if _, err := tx.Q.MarkBookingPaid(ctx, p.BookingID.String); err != nil {
			return err
		}
	case KindPrint:
		o, err := tx.Q.GetPrintOrder(ctx, p.PrintOrderID.String)
		if err != nil {
			return err
		}
		n, err := tx.Q.MarkPrintOrderPaid(ctx, o.ID)
		if err != nil {
			return err
		}
		if n == 1 {
			if err := tx.Events.Publish(ctx, events.TopicPrintOrderPaid, events.PrintOrderPaid{
				PrintOrderID: o.ID,
				ClientID:     o.ClientID,
			}, events.WithMessageID(messageID(ev.ID, "print_paid"))); err != nil {
				return err
			}
		}
	}
	return tx.Events.Publish(ctx, events.TopicPaymentSucceeded, out,
		events.WithMessageID(messageID(ev.ID, "payment")))
}

func (w *Webhooks) intentFailed(ctx context.Context, tx store.Tx, ev stripe.Event) error {
	pi, err := decodeObject[stripe.PaymentIntent](ev)
	if err != nil {
		return err
	}
	code := ""
	if pi.LastPaymentError != nil {
		code = string(pi.LastPaymentError.Code)
	}
	return tx.Q.MarkPaymentFailed(ctx, db.MarkPaymentFailedParams{
		ProviderIntentID: sql.NullString{String: pi.ID, Valid: true},
		FailureCode:      sql.NullString{String: code, Valid: code != ""},
	})
}

func (w *Webhooks) refundUpdated(ctx context.Context, tx store.Tx, ev stripe.Event) error {
	r, err := decodeObject[stripe.Refund](ev)
	if err != nil {
		return err
	}
	if r.Status != stripe.RefundStatusSucceeded {
		return nil
	}
	return tx.Q.MarkRefundSucceeded(ctx, sql.NullString{String: r.ID, Valid: true})
}
