package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/basketline/grocery/internal/domain"
	"github.com/basketline/grocery/internal/events"
	"github.com/basketline/grocery/internal/partner"
	"github.com/basketline/grocery/internal/payments"
)

// Actor is who is acting on an order: the customer or a support agent.
type Actor struct {
	CustomerID uuid.UUID
	AgentID    string
}

func (a Actor) canAct(o *domain.Order) bool {
	return a.AgentID != "" || a.CustomerID == o.CustomerID
}

type OrderService struct {
	tx        TxRunner
	orders    OrderStore
	slots     SlotStore
	payments  PaymentStore
	loyalty   LoyaltyStore
	processor PaymentProcessor
	partner   PartnerAPI
	bus       Publisher
	newID     UUIDGen
	now       Clock
	log       *slog.Logger
}

type OrderDeps struct {
	Tx        TxRunner
	Orders    OrderStore
	Slots     SlotStore
	Payments  PaymentStore
	Loyalty   LoyaltyStore
	Processor PaymentProcessor
	Partner   PartnerAPI
	Bus       Publisher
	NewID     UUIDGen
	Now       Clock
	Log       *slog.Logger
}

func NewOrderService(d OrderDeps) *OrderService {
	return &OrderService{
		tx: d.Tx, orders: d.Orders, slots: d.Slots, payments: d.Payments, loyalty: d.Loyalty,
		processor: d.Processor, partner: d.Partner, bus: d.Bus, newID: d.NewID, now: d.Now, log: d.Log,
	}
}

func (s *OrderService) Get(ctx context.Context, actor Actor, id uuid.UUID) (*domain.Order, error) {
	o, err := s.orders.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if !actor.canAct(o) {
		return nil, domain.ErrNotFound
	}
	return o, nil
}

// Cancel cancels an order that the store has not started on, frees its
// delivery slot, voids the card authorisation and gives back any loyalty
// points used on it.
func (s *OrderService) Cancel(ctx context.Context, actor Actor, id uuid.UUID, reason string) (*domain.Order, error) {
	order, err := s.orders.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if !actor.canAct(order) {
		return nil, domain.ErrNotFound
	}
	if order.Status == domain.OrderCancelled {
		return order, nil
	}
	if !order.Status.Cancellable() {
		return nil, domain.ErrNotCancellable
	}
	if reason = strings.TrimSpace(reason); reason == "" {
		reason = "customer_request"
	}

	now := s.now()
	if err := s.orders.MarkCancelled(ctx, order.ID, reason, now); err != nil {
		return nil, fmt.Errorf("cancel order: %w", err)
	}

	if order.SlotReservationID != nil {
		released, err := s.slots.ReleaseReservation(ctx, *order.SlotReservationID)
		if err != nil {
			return nil, fmt.Errorf("release slot: %w", err)
		}
		if released && order.SlotID != nil {
			if err := s.slots.AdjustReserved(ctx, *order.SlotID, -1); err != nil {
				return nil, fmt.Errorf("release slot capacity: %w", err)
			}
		}
	}

	auth, err := s.payments.ByOrder(ctx, order.ID)
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return nil, err
	}
	if auth != nil && auth.Status == domain.PaymentAuthorised {
		if err := s.processor.Void(ctx, payments.VoidRequest{
			IdempotencyKey:   payments.KeyFor("void", auth.ID),
			AuthorisationRef: auth.Ref(),
			Reason:           "order_cancelled",
		}); err != nil {
			return nil, fmt.Errorf("void authorisation: %w", err)
		}
		if err := s.payments.MarkVoided(ctx, auth.ID); err != nil {
			return nil, err
		}
	}

	if order.PartnerPicklistRef != nil {
		if err := s.partner.CancelPickList(ctx, order.StoreID, *order.PartnerPicklistRef); err != nil {
			return nil, fmt.Errorf("cancel pick list: %w", err)
		}
	}

	if err := s.restorePoints(ctx, order); err != nil {
		return nil, err
	}

	if err := s.bus.Publish(ctx, events.OrderCancelled, events.OrderCancelledEvent{OrderID: order.ID, Reason: reason},
		"order-cancelled-"+order.ID.String()); err != nil {
		s.log.WarnContext(ctx, "publish order cancelled", "order_id", order.ID, "err", err)
	}
	order.Status, order.CancelledAt, order.CancelReason = domain.OrderCancelled, &now, &reason
	return order, nil
}

func (s *OrderService) restorePoints(ctx context.Context, order *domain.Order) error {
	red, err := s.loyalty.RedemptionForBasket(ctx, order.BasketID)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	return s.tx.RunInTx(ctx, func(ctx context.Context) error {
		cancelled, err := s.loyalty.CancelRedemption(ctx, red.ID)
		if err != nil || !cancelled {
			return err
		}
		if err := s.loyalty.AppendLedger(ctx, &domain.LoyaltyLedgerEntry{
			ID:         s.newID(),
			CustomerID: red.CustomerID,
			OrderID:    &order.ID,
			EntryType:  domain.LedgerRestore,
			Points:     red.Points,
			Reference:  ptr("restore:" + red.ID.String()),
			Note:       "order cancelled",
		}); err != nil {
			return err
		}
		return s.loyalty.AddPoints(ctx, red.CustomerID, red.Points)
	})
}

// ReleaseToStore sends an authorised order to the partner store for
// picking. The dispatch scheduler calls it once the slot's picking window
// opens.
func (s *OrderService) ReleaseToStore(ctx context.Context, id uuid.UUID) (*domain.Order, error) {
	order, err := s.orders.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if order.PartnerPicklistRef != nil {
		return order, nil
	}
	if order.Status != domain.OrderAuthorised {
		return nil, fmt.Errorf("%w: order is %s", domain.ErrConflict, order.Status)
	}
	if order.SlotID == nil {
		return nil, fmt.Errorf("%w: order has no delivery slot", domain.ErrConflict)
	}
	slot, err := s.slots.Get(ctx, *order.SlotID)
	if err != nil {
		return nil, err
	}

	pl := partner.PickList{
		OrderRef:     order.ID.String(),
		SlotStartsAt: slot.StartsAt,
		SlotEndsAt:   slot.EndsAt,
		Notes:        order.DeliveryInstructions,
	}
	for _, l := range order.Lines {
		pl.Lines = append(pl.Lines, partner.PickLine{
			SKU:             l.SKU,
			Name:            l.Name,
			Quantity:        l.Quantity,
			AllowSubstitute: l.AllowSubstitute,
			LineRef:         l.ID.String(),
		})
	}
	ack, err := s.partner.SubmitPickList(ctx, order.StoreID, pl, partner.WithPriority(pickPriority(slot, s.now())))
	if err != nil {
		return nil, fmt.Errorf("submit pick list: %w", err)
	}
	if err := s.orders.SetPicklistRef(ctx, order.ID, ack.ID); err != nil {
		return nil, err
	}
	s.log.InfoContext(ctx, "order released to store", "order_id", order.ID, "pick_list", ack.ID, "due_by", ack.DueBy)
	order.PartnerPicklistRef, order.Status = &ack.ID, domain.OrderReleased
	return order, nil
}

func pickPriority(slot *domain.DeliverySlot, now time.Time) string {
	if slot.StartsAt.Sub(now) < 90*time.Minute {
		return "urgent"
	}
	return "normal"
}

// SetInstructions replaces the delivery instructions the driver sees.
func (s *OrderService) SetInstructions(ctx context.Context, actor Actor, id uuid.UUID, text string) error {
	text = strings.TrimSpace(text)
	if len(text) > 500 {
		return fmt.Errorf("%w: instructions are limited to 500 characters", domain.ErrInvalid)
	}
	order, err := s.orders.Get(ctx, id)
	if err != nil {
		return err
	}
	if !actor.canAct(order) {
		return domain.ErrNotFound
	}
	ok, err := s.orders.SetInstructions(ctx, id, text)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("%w: order is already %s", domain.ErrConflict, order.Status)
	}
	return nil
}
