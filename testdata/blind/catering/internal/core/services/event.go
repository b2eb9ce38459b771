package services

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/forkandfeast/catering/internal/core/domain"
	"github.com/forkandfeast/catering/internal/core/ports"
)

const scopeHeadcount = "event.headcount"

var courses = map[string]bool{"canapes": true, "starter": true, "main": true, "dessert": true, "late_night": true}

type EventService struct {
	tx     ports.Transactor
	events ports.EventRepository
	quotes ports.QuoteRepository
	orders ports.PurchaseOrderRepository
	venues ports.VenueRepository
	idem   ports.IdempotencyStore
	queue  ports.JobQueue
	clock  ports.Clock
	log    *zap.Logger
}

func NewEventService(tx ports.Transactor, events ports.EventRepository, quotes ports.QuoteRepository,
	orders ports.PurchaseOrderRepository, venues ports.VenueRepository, idem ports.IdempotencyStore,
	queue ports.JobQueue, clock ports.Clock, log *zap.Logger) *EventService {
	return &EventService{
		tx: tx, events: events, quotes: quotes, orders: orders, venues: venues, idem: idem,
		queue: queue, clock: clock, log: log.Named("events"),
	}
}

func (s *EventService) SetMenu(ctx context.Context, eventID uuid.UUID, sel []domain.MenuSelection) error {
	for i := range sel {
		sel[i].Course = strings.ToLower(strings.TrimSpace(sel[i].Course))
		if !courses[sel[i].Course] {
			return domain.Invalid("course", "unknown course "+sel[i].Course)
		}
		if sel[i].DishCode == "" {
			return domain.Invalid("dish_code", "required")
		}
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		ev, err := s.events.GetForUpdate(ctx, eventID)
		if err != nil {
			return err
		}
		if ev.Status == domain.EventCancelled || ev.Status == domain.EventCompleted {
			return &domain.StateError{Entity: "event", From: string(ev.Status), To: "menu_change"}
		}
		return s.events.UpsertMenu(ctx, eventID, sel)
	})
}

// ChangeHeadcount adds or removes guests from a confirmed event, re-prices
// it at the quoted per-head rate and asks suppliers to scale open orders.
func (s *EventService) ChangeHeadcount(ctx context.Context, cmd ports.ChangeHeadcount) (domain.HeadcountChange, error) {
	if err := requireKey(cmd.IdempotencyKey); err != nil {
		return domain.HeadcountChange{}, err
	}
	if cmd.Delta == 0 {
		return domain.HeadcountChange{}, domain.Invalid("delta", "must not be zero")
	}
	hash := requestHash(cmd)
	rec, err := s.idem.Lookup(ctx, scopeHeadcount, cmd.IdempotencyKey)
	if err != nil {
		return domain.HeadcountChange{}, err
	}
	if rec != nil {
		return replay[domain.HeadcountChange](rec, hash)
	}

	var out domain.HeadcountChange
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		ev, err := s.events.GetForUpdate(ctx, cmd.EventID)
		if err != nil {
			return err
		}
		if ev.Status == domain.EventCancelled || ev.Status == domain.EventCompleted {
			return &domain.StateError{Entity: "event", From: string(ev.Status), To: "headcount_change"}
		}
		if ev.GuestCount+cmd.Delta < 1 {
			return domain.Invalid("delta", "would leave no guests")
		}
		q, err := s.quotes.Get(ctx, ev.QuoteID)
		if err != nil {
			return err
		}
		ch := domain.HeadcountChange{
			ID:         uuid.New(),
			EventID:    ev.ID,
			Delta:      cmd.Delta,
			DeltaCents: int64(cmd.Delta) * q.PerHeadCents,
			Reason:     cmd.Reason,
			CreatedAt:  s.clock.Now(),
		}
		updated, err := s.events.ApplyHeadcountChange(ctx, ch)
		if err != nil {
			return err
		}
		ch.NewCount = updated.GuestCount
		ch.NewTotal = updated.TotalCents

		if cmd.Delta > 0 {
			orders, err := s.orders.ListForEvent(ctx, ev.ID)
			if err != nil {
				return err
			}
			for _, po := range orders {
				if po.Status != domain.POSubmitted && po.Status != domain.POConfirmed {
					continue
				}
				if err := s.queue.Enqueue(ctx, ports.AmendPurchaseOrderJob{
					PurchaseOrderID: po.ID,
					HeadcountFrom:   ev.GuestCount,
					HeadcountTo:     updated.GuestCount,
				}, ports.UniqueByArgs()); err != nil {
					return err
				}
			}
		}
		out = ch
		return nil
	})
	if err != nil {
		return out, err
	}

	body, _ := json.Marshal(out)
	if err := s.idem.Save(ctx, scopeHeadcount, cmd.IdempotencyKey, hash, http.StatusOK, body); err != nil {
		s.log.Warn("store idempotent response", zap.Error(err), zap.String("key", cmd.IdempotencyKey))
	}
	return out, nil
}

// Cancel cancels an event, reverses any commission the venue had accrued on
// it and schedules refunds and supplier cancellations.
func (s *EventService) Cancel(ctx context.Context, cmd ports.CancelEvent) (domain.Cancellation, error) {
	ev, err := s.events.Get(ctx, cmd.EventID)
	if err != nil {
		return domain.Cancellation{}, err
	}
	if err := ev.Cancellable(); err != nil {
		return domain.Cancellation{}, err
	}
	now := s.clock.Now()
	bps := ev.RefundPolicy(now)
	c := domain.Cancellation{
		EventID:     ev.ID,
		Reason:      cmd.Reason,
		RequestedBy: cmd.RequestedBy,
		RefundCents: domain.NewMoney(ev.PaidCents, ev.Currency).Percent(bps).Cents,
		CreatedAt:   now,
	}

	if ev.Status == domain.EventPaid && ev.VenueID != nil {
		if err := s.reverseCommission(ctx, ev); err != nil {
			return c, err
		}
	}

	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.events.InsertCancellation(ctx, c); err != nil {
			return err
		}
		if err := s.events.SetStatus(ctx, ev.ID, domain.EventCancelled); err != nil {
			return err
		}
		if err := s.queue.Enqueue(ctx, ports.CancellationRefundJob{EventID: ev.ID, RefundBPS: bps}, ports.UniqueByArgs()); err != nil {
			return err
		}
		return s.queue.Enqueue(ctx, ports.CancelSupplierOrdersJob{EventID: ev.ID}, ports.UniqueByArgs())
	})
	return c, err
}

func (s *EventService) reverseCommission(ctx context.Context, ev domain.Event) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		venue, err := s.venues.Get(ctx, *ev.VenueID)
		if err != nil {
			return err
		}
		amount := domain.NewMoney(ev.TotalCents, ev.Currency).Percent(venue.CommissionBPS)
		return s.venues.AdjustBalance(ctx, venue.ID, ev.ID, -amount.Cents, "event_cancelled")
	})
}
