package billing

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/stripe/stripe-go/v82"
	"go.uber.org/zap"

	"github.com/harbourline/marina/internal/domain"
	"github.com/harbourline/marina/internal/events"
	"github.com/harbourline/marina/internal/storage"
)

// HandleStripeEvent applies a verified Stripe webhook event.
func (s *Service) HandleStripeEvent(ctx context.Context, evt stripe.Event) error {
	return s.store.Do(ctx, func(ctx context.Context, tx *storage.Tx) error {
		if err := tx.StripeEvents.Insert(ctx, evt.ID, string(evt.Type)); err != nil {
			return fmt.Errorf("record stripe event %s: %w", evt.ID, err)
		}

		switch evt.Type {
		case stripe.EventTypePaymentIntentSucceeded:
			var pi stripe.PaymentIntent
			if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
				return err
			}
			p, err := tx.Payments.SetStatusByIntent(ctx, pi.ID, StatusSucceeded, "")
			if err != nil {
				if err == domain.ErrNotFound {
					s.log.Info("intent not ours", zap.String("intent", pi.ID))
					return nil
				}
				return err
			}
			return s.onPaymentSucceeded(ctx, tx, p)

		case stripe.EventTypePaymentIntentPaymentFailed:
			var pi stripe.PaymentIntent
			if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
				return err
			}
			reason := ""
			if pi.LastPaymentError != nil {
				reason = pi.LastPaymentError.Msg
			}
			_, err := tx.Payments.SetStatusByIntent(ctx, pi.ID, StatusFailed, reason)
			if err == domain.ErrNotFound {
				return nil
			}
			return err

		default:
			s.log.Debug("ignored stripe event", zap.String("type", string(evt.Type)))
			return nil
		}
	})
}

func (s *Service) onPaymentSucceeded(ctx context.Context, tx *storage.Tx, p *domain.Payment) error {
	switch p.Purpose {
	case domain.PurposeDeposit:
		res, err := tx.Reservations.Get(ctx, p.ReservationID)
		if err != nil {
			return err
		}
		confirmed, err := tx.Reservations.MarkConfirmed(ctx, res.ID)
		if err != nil {
			return err
		}
		if confirmed {
			if err := events.Record(ctx, tx, events.TopicReservationConfirmed, events.ReservationConfirmed{
				ReservationID: res.ID,
				BoaterID:      res.BoaterID,
				BerthID:       res.BerthID,
				ArriveOn:      res.ArriveOn,
				DepartOn:      res.DepartOn,
			}); err != nil {
				return err
			}
		}
		return s.settle(ctx, tx, p, "4100-BERTH-DEPOSITS")
	case domain.PurposeWorkOrder:
		return s.settle(ctx, tx, p, "4300-BOATYARD")
	case domain.PurposeInstallment:
		return s.settle(ctx, tx, p, "4110-SEASONAL-BERTHS")
	case domain.PurposeExtension:
		return s.settle(ctx, tx, p, "4100-BERTH-NIGHTLY")
	}
	// Fuel sales are settled from the sale event.
	return nil
}

func (s *Service) settle(ctx context.Context, tx *storage.Tx, p *domain.Payment, account string) error {
	_, err := tx.Settlement.AddLine(ctx, &domain.SettlementLine{
		BusinessDate: time.Now().UTC().Truncate(24 * time.Hour),
		SourceType:   "payment",
		SourceID:     p.ID,
		AccountCode:  account,
		AmountCents:  p.AmountCents,
		Description:  fmt.Sprintf("%s payment %s", p.Purpose, p.OpKey),
	})
	return err
}
