package billing

import (
	"context"
	"errors"
	"fmt"

	"gorm.io/gorm"

	"github.com/vinoteca/wineclub/internal/events"
	"github.com/vinoteca/wineclub/internal/models"
	"github.com/vinoteca/wineclub/internal/platform/database"
)

const stripeProvider = "stripe"

// IntentSucceeded marks the charge and allocation paid and announces the
// payment to fulfilment.
func (s *Service) IntentSucceeded(ctx context.Context, eventID, eventType, paymentIntentID string) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		first, err := s.webhooks.Claim(tx, stripeProvider, eventID, eventType)
		if err != nil || !first {
			return err
		}
		ch, err := s.charges.ByPaymentIntent(tx, paymentIntentID)
		if err != nil {
			if database.IsNotFound(err) {
				return errNotOurs
			}
			return err
		}
		if err := s.charges.SetStatus(tx, ch.ID, models.ChargeSucceeded, nil); err != nil {
			return err
		}
		if err := s.allocations.Transition(tx, ch.AllocationID, models.AllocationPaid,
			models.AllocationPending, models.AllocationCharging, models.AllocationFailed); err != nil {
			return fmt.Errorf("allocation %s: %w", ch.AllocationID, err)
		}
		return s.outbox.Add(tx, s.topics.Payments, ch.AllocationID.String(), events.PaymentSucceeded, events.PaymentSucceededData{
			ChargeID:        ch.ID,
			AllocationID:    ch.AllocationID.String(),
			MemberID:        ch.MemberID,
			PaymentIntentID: paymentIntentID,
			AmountCents:     ch.AmountCents,
		})
	})
	if errors.Is(err, errNotOurs) {
		s.log.InfoContext(ctx, "stripe: ignoring intent without charge", "pi", paymentIntentID)
		return nil
	}
	return err
}

// IntentFailed marks the charge failed and asks the member to update their
// card.
func (s *Service) IntentFailed(ctx context.Context, eventID, eventType, paymentIntentID, failureCode string) error {
	seen, err := s.webhooks.Seen(ctx, stripeProvider, eventID)
	if err != nil || seen {
		return err
	}
	var ch models.Charge
	if err := s.db.WithContext(ctx).First(&ch, "payment_intent_id = ?", paymentIntentID).Error; err != nil {
		if database.IsNotFound(err) {
			return nil
		}
		return err
	}
	m, err := s.members.Get(ctx, ch.MemberID)
	if err != nil {
		return err
	}
	if m.Phone != "" {
		msg := fmt.Sprintf("Hi %s, we couldn't charge your card for this quarter's wine club shipment. "+
			"Please update your payment details within 5 days to keep your allocation.", m.FirstName)
		if _, err := s.sender.SMS(ctx, m.Phone, msg); err != nil {
			return fmt.Errorf("notify declined card: %w", err)
		}
	}
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if _, err := s.webhooks.Claim(tx, stripeProvider, eventID, eventType); err != nil {
			return err
		}
		code := failureCode
		if err := s.charges.SetStatus(tx, ch.ID, models.ChargeFailed, &code); err != nil {
			return err
		}
		return s.allocations.Transition(tx, ch.AllocationID, models.AllocationFailed,
			models.AllocationCharging, models.AllocationPending, models.AllocationFailed)
	})
}
