package registration

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/halcyonevents/confreg/internal/domain"
	"github.com/halcyonevents/confreg/internal/events"
	"github.com/halcyonevents/confreg/internal/store"
)

func (s *service) Cancel(ctx context.Context, in CancelInput) error {
	reg, err := s.Registrations.Get(ctx, in.RegistrationID)
	if err != nil {
		return err
	}
	if reg.Status == domain.RegistrationCancelled {
		return domain.ErrAlreadyCancelled
	}
	conf, err := s.Conferences.Get(ctx, reg.ConferenceID)
	if err != nil {
		return err
	}

	now := s.now().UTC()
	var paid []domain.TicketOrder
	err = s.Tx.Do(ctx, func(r *store.Repos) error {
		if err := r.Registrations.MarkCancelled(ctx, reg.ID, now); err != nil {
			return err
		}
		orders, err := r.Orders.ForRegistration(ctx, reg.ID)
		if err != nil {
			return err
		}
		for _, o := range orders {
			switch o.Status {
			case domain.OrderHeld:
				if err := r.Orders.SetStatus(ctx, o.ID, domain.OrderHeld, domain.OrderCancelled); err != nil {
					return err
				}
				if err := r.TicketTypes.ReleaseHold(ctx, o.TicketTypeID, o.Quantity); err != nil {
					return err
				}
			case domain.OrderPaid:
				if err := r.Orders.SetStatus(ctx, o.ID, domain.OrderPaid, domain.OrderCancelled); err != nil {
					return err
				}
				if err := r.TicketTypes.ReturnSold(ctx, o.TicketTypeID, o.Quantity); err != nil {
					return err
				}
				paid = append(paid, o)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("cancel registration %s: %w", reg.ID, err)
	}

	for _, o := range paid {
		amount := s.policy(o, conf.StartsOn, now)
		if amount <= 0 {
			continue
		}
		payment, err := s.Payments.ForOrder(ctx, o.ID)
		if err != nil {
			return fmt.Errorf("payment for order %s: %w", o.ID, err)
		}
		refund := &domain.Refund{
			ID:            s.newID(),
			TicketOrderID: o.ID,
			PaymentID:     payment.ID,
			AmountCents:   amount,
			Status:        domain.RefundRequested,
			Reason:        in.Reason,
			CreatedAt:     now,
			UpdatedAt:     now,
		}
		if err := s.Refunds.Create(ctx, refund); err != nil {
			return fmt.Errorf("create refund for order %s: %w", o.ID, err)
		}
		if err := s.Events.Publish(ctx, events.TopicRefundRequested, events.RefundRequested{
			RefundID:      refund.ID,
			TicketOrderID: o.ID,
		}); err != nil {
			return fmt.Errorf("publish refund %s: %w", refund.ID, err)
		}
	}

	// The cancellation stands even if the attendee e-mail fails; support can
	// resend it.
	if err := s.notify(ctx, reg, "registration-cancelled"); err != nil {
		slog.WarnContext(ctx, "cancellation notice failed", "registration_id", reg.ID, "err", err)
	}
	return nil
}
