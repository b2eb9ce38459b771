package escrow

import (
	"context"
	"encoding/json"

	"github.com/google/uuid"

	"github.com/acme/escrow/internal/db"
)

// Stripe event types the service reacts to.
const (
	EventAmountCapturable = "payment_intent.amount_capturable_updated"
	EventIntentCanceled   = "payment_intent.canceled"
	EventPaymentFailed    = "payment_intent.payment_failed"
)

// PaymentEvent is the part of a verified Stripe event the service needs.
type PaymentEvent struct {
	ID              string
	Type            string
	PaymentIntentID string
}

// ApplyPaymentEvent applies a Stripe webhook event. The event ID is recorded
// in the same transaction as the state change it causes, so a redelivered
// event is a no-op.
func (s *Service) ApplyPaymentEvent(ctx context.Context, ev PaymentEvent) error {
	return s.uow.Do(ctx, func(ctx context.Context, q db.Querier) error {
		n, err := q.InsertStripeEvent(ctx, db.InsertStripeEventParams{EventID: ev.ID, Type: ev.Type})
		if err != nil {
			return err
		}
		if n == 0 {
			s.log.DebugContext(ctx, "stripe event already applied", "event_id", ev.ID)
			return nil
		}
		e, err := q.GetEscrowByPaymentIntent(ctx, ev.PaymentIntentID)
		if isNoRows(err) {
			return nil // not an escrow payment
		}
		if err != nil {
			return err
		}

		switch ev.Type {
		case EventAmountCapturable:
			if _, err := q.TransitionEscrowStatus(ctx, db.TransitionEscrowStatusParams{
				ID: e.ID, FromStatus: StatusPending, ToStatus: StatusAuthorized,
			}); err != nil {
				return err
			}
		case EventIntentCanceled:
			if _, err := q.CancelEscrow(ctx, e.ID); err != nil {
				return err
			}
		case EventPaymentFailed:
		default:
			return nil
		}

		detail, _ := json.Marshal(map[string]string{"stripe_event_id": ev.ID})
		return q.InsertEscrowEvent(ctx, db.InsertEscrowEventParams{
			ID: uuid.New(), EscrowID: e.ID, Kind: ev.Type, Detail: detail,
		})
	})
}
