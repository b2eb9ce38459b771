package service

import (
	"context"

	"github.com/encorelane/resale/internal/domain"
	"github.com/encorelane/resale/internal/jobs"
	"github.com/encorelane/resale/internal/repository"
)

const sourcePromoter = "promoter"

// EventService applies the promoter's changes to events and tickets.
type EventService interface {
	Cancel(ctx context.Context, messageID string, msg domain.EventCancelled) error
	Reschedule(ctx context.Context, messageID string, msg domain.EventRescheduled) error
	ReplaceBarcode(ctx context.Context, msg domain.BarcodeReissued) error
}

type eventService struct {
	uow    repository.UnitOfWork
	events repository.EventRepository
}

func NewEventService(uow repository.UnitOfWork, events repository.EventRepository) EventService {
	return &eventService{uow: uow, events: events}
}

// Cancel refunds every paid order on a cancelled event. Refunds run as
// tasks staged in the outbox with the status change.
func (s *eventService) Cancel(ctx context.Context, messageID string, msg domain.EventCancelled) error {
	return s.uow.Do(ctx, func(ctx context.Context, r repository.Repos) error {
		first, err := r.Processed.Claim(ctx, sourcePromoter, messageID)
		if err != nil || !first {
			return err
		}
		ev, err := r.Events.GetByPromoterID(ctx, msg.EventID)
		if err != nil {
			return err
		}
		if err := r.Events.SetStatus(ctx, ev.ID, "cancelled"); err != nil {
			return err
		}
		orders, err := r.Orders.ListByEvent(ctx, ev.ID, domain.OrderPaid, domain.OrderDelivered)
		if err != nil {
			return err
		}
		for _, o := range orders {
			moved, err := r.Orders.Transition(ctx, o.ID,
				[]domain.OrderStatus{domain.OrderPaid, domain.OrderDelivered}, domain.OrderRefundPending)
			if err != nil {
				return err
			}
			if !moved {
				continue
			}
			if err := r.Outbox.Add(ctx, jobs.TypeRefundOrder, jobs.RefundOrderPayload{OrderID: o.ID, Reason: "event_cancelled"}); err != nil {
				return err
			}
		}
		return nil
	})
}

// Reschedule keeps a history of date changes, which support uses when
// buyers ask for a refund because they can't make the new date.
func (s *eventService) Reschedule(ctx context.Context, messageID string, msg domain.EventRescheduled) error {
	ev, err := s.events.GetByPromoterID(ctx, msg.EventID)
	if err != nil {
		return err
	}
	return s.uow.Do(ctx, func(ctx context.Context, r repository.Repos) error {
		if err := r.Events.RecordScheduleChange(ctx, messageID, ev.ID, msg.OldStartsAt, msg.NewStartsAt); err != nil {
			return err
		}
		return r.Events.Reschedule(ctx, ev.ID, msg.NewStartsAt)
	})
}

func (s *eventService) ReplaceBarcode(ctx context.Context, msg domain.BarcodeReissued) error {
	ev, err := s.events.GetByPromoterID(ctx, msg.EventID)
	if err != nil {
		return err
	}
	return s.events.ReplaceBarcode(ctx, ev.ID, msg.OldBarcode, msg.NewBarcode)
}
