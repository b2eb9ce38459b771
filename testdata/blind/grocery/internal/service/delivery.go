package service

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/basketline/grocery/internal/domain"
	"github.com/basketline/grocery/internal/events"
	"github.com/basketline/grocery/internal/partner"
)

type DeliveryService struct {
	tx       TxRunner
	orders   OrderStore
	delivery DeliveryStore
	outbox   OutboxStore
	loyalty  *LoyaltyService
	sms      SMSSender
	partner  PartnerAPI
	bus      Publisher
	newMsgID func() string
	now      Clock
	log      *slog.Logger
}

type DeliveryDeps struct {
	Tx       TxRunner
	Orders   OrderStore
	Delivery DeliveryStore
	Outbox   OutboxStore
	Loyalty  *LoyaltyService
	SMS      SMSSender
	Partner  PartnerAPI
	Bus      Publisher
	NewMsgID func() string
	Now      Clock
	Log      *slog.Logger
}

func NewDeliveryService(d DeliveryDeps) *DeliveryService {
	return &DeliveryService{
		tx: d.Tx, orders: d.Orders, delivery: d.Delivery, outbox: d.Outbox, loyalty: d.Loyalty,
		sms: d.SMS, partner: d.Partner, bus: d.Bus, newMsgID: d.NewMsgID, now: d.Now, log: d.Log,
	}
}

// Assigned stores the driver the dispatch system picked and texts the
// customer once per assignment event.
func (s *DeliveryService) Assigned(ctx context.Context, ev events.DriverAssignedEvent) error {
	var (
		order   *domain.Order
		claimed bool
	)
	err := s.tx.RunInTx(ctx, func(ctx context.Context) error {
		var err error
		if order, err = s.orders.Get(ctx, ev.OrderID); err != nil {
			return err
		}
		if err := s.delivery.UpsertAssignment(ctx, &domain.DriverAssignment{
			OrderID:    ev.OrderID,
			DriverID:   ev.DriverID,
			DriverName: ev.DriverName,
			VehicleReg: ev.VehicleReg,
			EventID:    ev.EventID,
			AssignedAt: ev.AssignedAt,
		}); err != nil {
			return err
		}
		if _, err := s.orders.Transition(ctx, ev.OrderID, []domain.OrderStatus{domain.OrderPicked}, domain.OrderDriverAssigned); err != nil {
			return err
		}
		if order.CustomerPhone == "" {
			return nil
		}
		claimed, err = s.delivery.ClaimNotification(ctx, &domain.NotificationSent{
			DedupeKey: "driver-assigned:" + ev.EventID,
			OrderID:   ev.OrderID,
			Channel:   "sms",
			Template:  "driver_assigned",
		})
		return err
	})
	if err != nil || !claimed {
		return err
	}
	body := fmt.Sprintf("%s is bringing your Basketline order in a %s, arriving around %s.",
		ev.DriverName, ev.VehicleReg, ev.ETA.Format("15:04"))
	if _, err := s.sms.Send(ctx, order.CustomerPhone, body); err != nil {
		// The claim is committed; a lost text is better than two.
		s.log.WarnContext(ctx, "driver assigned sms failed", "order_id", ev.OrderID, "err", err)
	}
	return nil
}

// HandedOff records bags leaving the store with the driver.
func (s *DeliveryService) HandedOff(ctx context.Context, ev events.DriverHandedOffEvent) error {
	return s.tx.RunInTx(ctx, func(ctx context.Context) error {
		h, err := s.delivery.RecordHandoff(ctx, domain.HandoffInput{
			OrderID:  ev.OrderID,
			DriverID: ev.DriverID,
			StoreID:  ev.StoreID,
			BagCount: ev.BagCount,
			HandedAt: ev.HandedAt,
		})
		if err != nil {
			return fmt.Errorf("record hand-off: %w", err)
		}
		if _, err := s.orders.Transition(ctx, ev.OrderID,
			[]domain.OrderStatus{domain.OrderPicked, domain.OrderDriverAssigned},
			domain.OrderOutForDelivery); err != nil {
			return err
		}
		s.log.InfoContext(ctx, "bags handed to driver", "order_id", ev.OrderID, "handoff_id", h.ID, "bags", ev.BagCount)
		return nil
	})
}

// Delivered closes the order, credits loyalty points and tells downstream
// consumers (receipts, ratings).
func (s *DeliveryService) Delivered(ctx context.Context, ev events.DriverDeliveredEvent) error {
	var (
		order  *domain.Order
		points int64
	)
	err := s.tx.RunInTx(ctx, func(ctx context.Context) error {
		var err error
		if order, err = s.orders.Lock(ctx, ev.OrderID); err != nil {
			return err
		}
		if err := s.orders.MarkDelivered(ctx, ev.OrderID, ev.DeliveredAt); err != nil {
			return err
		}
		points, err = s.loyalty.EarnForOrder(ctx, order)
		return err
	})
	if err != nil {
		return err
	}

	final := order.TotalPence
	if order.FinalTotalPence != nil {
		final = *order.FinalTotalPence
	}
	return s.bus.Publish(ctx, events.OrderDelivered, events.OrderDeliveredEvent{
		OrderID:     order.ID,
		CustomerID:  order.CustomerID,
		DeliveredAt: ev.DeliveredAt,
		FinalPence:  final,
		Points:      points,
	}, s.newMsgID())
}

// Failed handles a driver who could not hand the order over. The customer
// is texted straight away so they can rebook while the driver is nearby.
func (s *DeliveryService) Failed(ctx context.Context, ev events.DriverFailedEvent) error {
	order, err := s.orders.Get(ctx, ev.OrderID)
	if err != nil {
		return err
	}
	if order.CustomerPhone != "" {
		body := "Sorry we missed you. Reply or open the app within 30 minutes to arrange a redelivery."
		if _, err := s.sms.Send(ctx, order.CustomerPhone, body); err != nil {
			return fmt.Errorf("missed delivery sms: %w", err)
		}
	}
	return s.tx.RunInTx(ctx, func(ctx context.Context) error {
		inserted, err := s.delivery.AddAttempt(ctx, &domain.DeliveryAttempt{
			EventID:    ev.EventID,
			OrderID:    ev.OrderID,
			DriverID:   ev.DriverID,
			Outcome:    "failed",
			Reason:     ev.Reason,
			OccurredAt: ev.OccurredAt,
		})
		if err != nil || !inserted {
			return err
		}
		if _, err := s.orders.Transition(ctx, ev.OrderID,
			[]domain.OrderStatus{domain.OrderOutForDelivery, domain.OrderDriverAssigned},
			domain.OrderDeliveryFailed); err != nil {
			return err
		}
		_, err = s.outbox.Add(ctx, events.OrderRebook, events.RebookRequestedEvent{OrderID: ev.OrderID, Reason: ev.Reason})
		return err
	})
}

// Returned handles bags brought back to the store after a failed
// delivery: the partner's stock is credited and the order closed.
func (s *DeliveryService) Returned(ctx context.Context, ev events.DriverReturnedEvent) error {
	order, err := s.orders.Get(ctx, ev.OrderID)
	if err != nil {
		return err
	}
	if order.Status == domain.OrderReturned {
		return nil
	}
	for _, it := range ev.Items {
		if it.Quantity <= 0 {
			continue
		}
		if err := s.partner.AdjustStock(ctx, ev.StoreID, partner.StockAdjustment{
			SKU:    it.SKU,
			Delta:  it.Quantity,
			Reason: "undelivered_return",
		}); err != nil {
			return fmt.Errorf("credit partner stock %s: %w", it.SKU, err)
		}
	}
	return s.tx.RunInTx(ctx, func(ctx context.Context) error {
		items := make([]*domain.ReturnedItem, 0, len(ev.Items))
		for _, it := range ev.Items {
			items = append(items, &domain.ReturnedItem{OrderID: ev.OrderID, SKU: it.SKU, Quantity: it.Quantity, ReturnedAt: ev.ReturnedAt})
		}
		if err := s.delivery.AddReturned(ctx, items); err != nil {
			return err
		}
		_, err := s.orders.Transition(ctx, ev.OrderID, []domain.OrderStatus{domain.OrderDeliveryFailed}, domain.OrderReturned)
		return err
	})
}
