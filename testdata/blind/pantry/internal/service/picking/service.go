package picking

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/pantryco/fulfilment/internal/domain"
	"github.com/pantryco/fulfilment/internal/platform/ids"
	"github.com/pantryco/fulfilment/internal/platform/pg"
)

// Deps groups the picking service dependencies (filled by fx).
type Deps struct {
	Tx            pg.TxManager
	Orders        Orders
	Picks         Picks
	Substitutions Substitutions
	Bags          Bags
	Shortages     Shortages
	Keys          RequestKeys
	Outbox        Outbox
	Notifier      Notifier
	Jobs          Jobs
	Log           *slog.Logger
}

type service struct {
	Deps
}

// NewService wires the picking service.
func NewService(d Deps) Service { return &service{Deps: d} }

func pickable(s domain.OrderStatus) bool {
	return s == domain.OrderConfirmed || s == domain.OrderPicking
}

// RecordPick stores the absolute picked quantity for a line. The scan log
// keeps every attempt; the pick line itself is an upsert.
func (s *service) RecordPick(ctx context.Context, in RecordPickInput) error {
	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		order, err := s.Orders.GetForUpdate(ctx, in.OrderID)
		if err != nil {
			return err
		}
		if !pickable(order.Status) {
			return fmt.Errorf("%w: order is %s", domain.ErrInvalidState, order.Status)
		}
		if err := s.Picks.AppendEvent(ctx, domain.PickEvent{
			ID: ids.NewUUID(), OrderID: in.OrderID, LineNo: in.LineNo,
			PickerID: in.PickerID, Action: "pick", Qty: in.PickedQty,
		}); err != nil {
			return err
		}
		if err := s.Picks.UpsertLine(ctx, domain.PickLine{
			OrderID: in.OrderID, LineNo: in.LineNo, PickedQty: in.PickedQty, PickerID: in.PickerID,
		}); err != nil {
			return err
		}
		if order.Status == domain.OrderConfirmed {
			return s.Orders.SetStatus(ctx, in.OrderID, domain.OrderPicking)
		}
		return nil
	})
}

// ProposeSubstitution records a replacement product for a line; the
// customer approves it in the app or through the store.
func (s *service) ProposeSubstitution(ctx context.Context, in SubstitutionInput) (domain.Substitution, error) {
	order, err := s.Orders.Get(ctx, in.OrderID)
	if err != nil {
		return domain.Substitution{}, err
	}
	if !pickable(order.Status) {
		return domain.Substitution{}, fmt.Errorf("%w: order is %s", domain.ErrInvalidState, order.Status)
	}
	if _, err := s.Orders.GetLine(ctx, in.OrderID, in.LineNo); err != nil {
		return domain.Substitution{}, err
	}

	sub := domain.Substitution{
		ID:             ids.NewULID(),
		OrderID:        in.OrderID,
		LineNo:         in.LineNo,
		SubstituteSKU:  in.SubstituteSKU,
		Quantity:       in.Quantity,
		UnitPriceCents: in.UnitPriceCents,
		ProposedBy:     in.PickerID,
	}
	if err := s.Substitutions.Insert(ctx, sub); err != nil {
		return domain.Substitution{}, err
	}
	return sub, nil
}

// AddBag registers a numbered bag; re-registering the same number is a no-op.
func (s *service) AddBag(ctx context.Context, bag domain.Bag) (bool, error) {
	if bag.BagNo <= 0 {
		return false, fmt.Errorf("%w: bag number must be positive", domain.ErrInvalidArgument)
	}
	if bag.Label == "" {
		bag.Label = fmt.Sprintf("%s-%02d", bag.OrderID.String()[:8], bag.BagNo)
	}
	return s.Bags.Add(ctx, bag)
}

// ReportShortage records missing items and lowers the order total. The
// handheld sends an Idempotency-Key header with each report.
func (s *service) ReportShortage(ctx context.Context, key string, in ShortageInput) error {
	if key == "" {
		return fmt.Errorf("%w: Idempotency-Key header is required", domain.ErrInvalidArgument)
	}
	seen, err := s.Keys.Seen(ctx, key)
	if err != nil {
		return err
	}
	if seen {
		s.Log.InfoContext(ctx, "duplicate shortage report ignored", "key", key)
		return nil
	}

	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		order, err := s.Orders.GetForUpdate(ctx, in.OrderID)
		if err != nil {
			return err
		}
		if !pickable(order.Status) {
			return fmt.Errorf("%w: order is %s", domain.ErrInvalidState, order.Status)
		}
		line, err := s.Orders.GetLine(ctx, in.OrderID, in.LineNo)
		if err != nil {
			return err
		}
		if in.ShortQty <= 0 || in.ShortQty > line.Quantity {
			return fmt.Errorf("%w: short quantity out of range", domain.ErrInvalidArgument)
		}
		refund := int64(in.ShortQty) * line.UnitPriceCents
		if err := s.Shortages.Add(ctx, domain.Shortage{
			OrderID: in.OrderID, LineNo: in.LineNo, ShortQty: in.ShortQty,
			RefundCent: refund, ReportedBy: in.PickerID,
		}); err != nil {
			return err
		}
		return s.Orders.AdjustTotal(ctx, in.OrderID, -refund)
	})
	if err != nil {
		return err
	}

	if err := s.Keys.Remember(ctx, key, "shortage"); err != nil {
		return fmt.Errorf("remember idempotency key: %w", err)
	}
	return nil
}

// CompletePicking marks the order packed, texts the customer and books a
// courier.
func (s *service) CompletePicking(ctx context.Context, orderID uuid.UUID, pickerID string) error {
	order, err := s.Orders.Get(ctx, orderID)
	if err != nil {
		return err
	}
	switch order.Status {
	case domain.OrderPacked, domain.OrderHandedOver, domain.OrderOutForDelivery, domain.OrderDelivered:
		return nil
	case domain.OrderPicking:
	default:
		return fmt.Errorf("%w: order is %s", domain.ErrInvalidState, order.Status)
	}
	unpicked, err := s.Picks.CountUnpicked(ctx, orderID)
	if err != nil {
		return err
	}
	if unpicked > 0 {
		return fmt.Errorf("%w: %d lines not picked", domain.ErrInvalidState, unpicked)
	}
	bags, err := s.Bags.Count(ctx, orderID)
	if err != nil {
		return err
	}

	if err := s.Notifier.OrderPacked(ctx, order, bags); err != nil {
		return fmt.Errorf("notify customer: %w", err)
	}

	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.Orders.SetStatus(ctx, orderID, domain.OrderPacked); err != nil {
			return err
		}
		if err := s.Orders.AppendEvent(ctx, domain.OrderEvent{
			ID: ids.NewUUID(), OrderID: orderID, Type: "packed", Detail: pickerID,
		}); err != nil {
			return err
		}
		return s.Jobs.EnqueueCourierBooking(ctx, orderID)
	})
}

// Handover records that the bags left with the driver. Everything that
// follows (capture, billing, retailer notification) is enqueued in the same
// transaction as the status change.
func (s *service) Handover(ctx context.Context, orderID uuid.UUID, driverRef string) error {
	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		order, err := s.Orders.GetForUpdate(ctx, orderID)
		if err != nil {
			return err
		}
		switch order.Status {
		case domain.OrderHandedOver, domain.OrderOutForDelivery, domain.OrderDelivered:
			return nil
		case domain.OrderPacked:
		default:
			return fmt.Errorf("%w: order is %s", domain.ErrInvalidState, order.Status)
		}

		if err := s.Orders.SetStatus(ctx, orderID, domain.OrderHandedOver); err != nil {
			return err
		}
		ev := domain.OutboxEvent{
			ID:         ids.NewUUID(),
			RetailerID: order.RetailerID,
			OrderID:    orderID,
			Type:       "order.handed_over",
			Payload: handoverPayload{
				OrderID: orderID.String(), StoreID: order.StoreID, DriverRef: driverRef, Total: order.TotalCents,
			}.JSON(),
		}
		if err := s.Outbox.Insert(ctx, ev); err != nil {
			return err
		}
		if err := s.Jobs.EnqueueCapture(ctx, orderID); err != nil {
			return err
		}
		if err := s.Jobs.EnqueueBilling(ctx, orderID); err != nil {
			return err
		}
		return s.Jobs.EnqueueOutboxDelivery(ctx, ev.ID)
	})
}
