package registration

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"github.com/halcyonevents/confreg/internal/domain"
	"github.com/halcyonevents/confreg/internal/events"
	"github.com/halcyonevents/confreg/internal/providers/cardpay"
	"github.com/halcyonevents/confreg/internal/store"
)

func (s *service) PayOrder(ctx context.Context, in PayInput) (*domain.TicketOrder, error) {
	order, err := s.Orders.Get(ctx, in.OrderID)
	if err != nil {
		return nil, err
	}
	switch order.Status {
	case domain.OrderPaid:
		return order, nil
	case domain.OrderHeld:
	default:
		return nil, domain.ErrOrderNotPayable
	}
	if s.now().After(order.HoldExpiresAt) {
		return nil, domain.ErrHoldExpired
	}

	charge, err := s.Cards.CreateCharge(ctx, cardpay.ChargeRequest{
		IdempotencyKey: "ticket-order:" + order.ID.String(),
		AmountCents:    order.AmountCents,
		Currency:       order.Currency,
		PaymentMethod:  in.PaymentMethod,
		Capture:        "automatic",
		Description:    "Conference tickets",
		Metadata: map[string]string{
			"order_id":        order.ID.String(),
			"registration_id": order.RegistrationID.String(),
		},
	})
	if err != nil {
		return nil, fmt.Errorf("charge order %s: %w", order.ID, err)
	}
	if charge.Status != cardpay.StatusSucceeded {
		return nil, fmt.Errorf("%w: %s", domain.ErrPaymentDeclined, charge.DeclineCode)
	}

	paidAt := s.now().UTC()
	var (
		reg          *domain.Registration
		confirmedNow bool
	)
	err = s.Tx.Do(ctx, func(r *store.Repos) error {
		ok, err := r.Orders.MarkPaid(ctx, order.ID, paidAt)
		if err != nil {
			return err
		}
		if !ok {
			return domain.ErrOrderNotPayable
		}
		if err := r.TicketTypes.ConvertHold(ctx, order.TicketTypeID, order.Quantity); err != nil {
			return err
		}
		if err := r.Payments.Insert(ctx, &domain.Payment{
			ID:               uuid.New(),
			TicketOrderID:    order.ID,
			ProviderChargeID: charge.ID,
			AmountCents:      charge.AmountCents,
			Currency:         order.Currency,
			CreatedAt:        paidAt,
		}); err != nil {
			return err
		}
		reg, confirmedNow, err = r.Registrations.Confirm(ctx, order.RegistrationID, paidAt)
		return err
	})
	if err != nil {
		if errors.Is(err, domain.ErrOrderNotPayable) {
			return s.Orders.Get(ctx, order.ID)
		}
		return nil, fmt.Errorf("record payment for %s: %w", order.ID, err)
	}

	if confirmedNow {
		if err := s.Events.Publish(ctx, events.TopicRegistrationConfirmed, events.RegistrationConfirmed{
			RegistrationID: reg.ID,
			ConferenceID:   reg.ConferenceID,
			OrderID:        order.ID,
			ConfirmedAt:    paidAt,
		}); err != nil {
			return nil, fmt.Errorf("publish confirmation: %w", err)
		}
	}

	order.Status = domain.OrderPaid
	order.PaidAt = &paidAt
	return order, nil
}
