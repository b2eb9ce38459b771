// Package orders implements the customer-facing order lifecycle: placing
// an order, adding garments, upgrades and cancellation.
package orders

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/rs/xid"
	"gorm.io/gorm"

	"github.com/freshpress/laundry/internal/events"
	"github.com/freshpress/laundry/internal/pagination"
	"github.com/freshpress/laundry/internal/payments"
	"github.com/freshpress/laundry/internal/store"
)

var (
	ErrInvalidWindow    = errors.New("orders: invalid pickup window")
	ErrInvalidService   = errors.New("orders: unknown service type")
	ErrNotEditable      = errors.New("orders: order can no longer be changed")
	ErrKeyReused        = errors.New("orders: idempotency key reused with a different request")
	ErrAlreadyCancelled = errors.New("orders: order already cancelled")
)

// Billing is what the order lifecycle needs from billing.
type Billing interface {
	ChargeCancellationFee(ctx context.Context, o *store.Order, now time.Time) (*payments.Intent, error)
	ReleaseHold(ctx context.Context, orderID uuid.UUID) error
}

// FeeScheduler queues fee charges that run in the background worker.
type FeeScheduler interface {
	ScheduleExpressFee(ctx context.Context, orderID, customerID uuid.UUID, amount int64, opID string) error
}

type Service struct {
	uow     store.UnitOfWork
	repos   store.Repos
	billing Billing
	fees    FeeScheduler
	now     func() time.Time
	log     *slog.Logger
}

func NewService(uow store.UnitOfWork, repos store.Repos, billing Billing, fees FeeScheduler, log *slog.Logger) *Service {
	return &Service{uow: uow, repos: repos, billing: billing, fees: fees, now: time.Now, log: log}
}

type ItemInput struct {
	GarmentType  string `json:"garment_type"`
	Quantity     int    `json:"quantity"`
	Instructions string `json:"instructions,omitempty"`
}

type CreateInput struct {
	ServiceType  string      `json:"service_type"`
	AddressLabel string      `json:"address_label"`
	PickupFrom   time.Time   `json:"pickup_from"`
	PickupTo     time.Time   `json:"pickup_to"`
	Notes        string      `json:"notes,omitempty"`
	Items        []ItemInput `json:"items"`
}

func (in CreateInput) hash() string {
	raw, _ := json.Marshal(in)
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])
}

func (in CreateInput) validate(now time.Time) error {
	if !validService(in.ServiceType) {
		return ErrInvalidService
	}
	if in.PickupFrom.Before(now) || !in.PickupTo.After(in.PickupFrom) {
		return ErrInvalidWindow
	}
	if in.PickupTo.Sub(in.PickupFrom) > 4*time.Hour {
		return ErrInvalidWindow
	}
	for _, it := range in.Items {
		if it.Quantity <= 0 || it.GarmentType == "" {
			return fmt.Errorf("orders: invalid item %q", it.GarmentType)
		}
	}
	return nil
}

func editable(s store.OrderStatus) bool {
	switch s {
	case store.OrderPlaced, store.OrderAuthorized, store.OrderPickupBooked:
		return true
	}
	return false
}

// Create places an order. The app sends an Idempotency-Key with every
// create; a repeat with the same key returns the order created first.
func (s *Service) Create(ctx context.Context, customerID uuid.UUID, key string, in CreateInput) (*store.Order, bool, error) {
	if err := in.validate(s.now()); err != nil {
		return nil, false, err
	}
	var (
		order    *store.Order
		replayed bool
	)
	err := s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		rec, claimed, err := r.Idem.Claim(ctx, &store.IdempotencyKey{
			CustomerID:  customerID,
			Scope:       "orders.create",
			Key:         key,
			RequestHash: in.hash(),
		})
		if err != nil {
			return err
		}
		if !claimed {
			if rec.RequestHash != in.hash() {
				return ErrKeyReused
			}
			if rec.ResourceID == nil {
				return fmt.Errorf("orders: key %s has no order", key)
			}
			id, err := uuid.Parse(*rec.ResourceID)
			if err != nil {
				return err
			}
			order, err = r.Orders.GetForCustomer(ctx, customerID, id)
			replayed = true
			return err
		}

		cust, err := r.Customers.Get(ctx, customerID)
		if err != nil {
			return err
		}
		if _, err := r.Customers.Address(ctx, customerID, in.AddressLabel); err != nil {
			return fmt.Errorf("orders: address %q: %w", in.AddressLabel, err)
		}
		o := &store.Order{
			ID:           uuid.New(),
			CustomerID:   customerID,
			Status:       store.OrderPlaced,
			ServiceType:  in.ServiceType,
			AddressLabel: in.AddressLabel,
			PickupFrom:   in.PickupFrom,
			PickupTo:     in.PickupTo,
		}
		if in.Notes != "" {
			o.Notes = &in.Notes
		}
		for _, it := range in.Items {
			price := unitPrice(in.ServiceType, it.GarmentType)
			o.EstimatedCents += price * int64(it.Quantity)
			item := store.OrderItem{
				ID:             uuid.New(),
				OrderID:        o.ID,
				GarmentType:    it.GarmentType,
				Quantity:       it.Quantity,
				UnitPriceCents: price,
			}
			if it.Instructions != "" {
				instr := it.Instructions
				item.Instructions = &instr
			}
			o.Items = append(o.Items, item)
		}
		if err := r.Orders.Create(ctx, o); err != nil {
			return err
		}
		env, err := events.New("order.placed:"+o.ID.String(), events.OrderPlaced, o.ID.String(),
			customerID.String(), events.OrderPlacedData{
				ServiceType: o.ServiceType,
				PickupFrom:  o.PickupFrom,
				PickupTo:    o.PickupTo,
				Phone:       cust.Phone,
			})
		if err != nil {
			return err
		}
		if err := r.Outbox.Add(ctx, store.OutboxFrom(events.TopicOrders, o.ID.String(), env)); err != nil {
			return err
		}
		order = o
		return r.Idem.Complete(ctx, customerID, "orders.create", key, o.ID.String(), 201, nil)
	})
	if err != nil {
		return nil, false, err
	}
	return order, replayed, nil
}

// AddItem adds a garment line to an order that has not been picked up yet.
func (s *Service) AddItem(ctx context.Context, customerID, orderID uuid.UUID, in ItemInput) (*store.OrderItem, error) {
	if in.Quantity <= 0 || in.GarmentType == "" {
		return nil, fmt.Errorf("orders: invalid item %q", in.GarmentType)
	}
	o, err := s.repos.Orders.GetForCustomer(ctx, customerID, orderID)
	if err != nil {
		return nil, err
	}
	if !editable(o.Status) {
		return nil, ErrNotEditable
	}
	price := unitPrice(o.ServiceType, in.GarmentType)
	item := &store.OrderItem{
		ID:             uuid.New(),
		OrderID:        o.ID,
		GarmentType:    in.GarmentType,
		Quantity:       in.Quantity,
		UnitPriceCents: price,
		CreatedAt:      s.now(),
	}
	if in.Instructions != "" {
		item.Instructions = &in.Instructions
	}
	err = s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		if err := r.Orders.AddItem(ctx, item); err != nil {
			return err
		}
		return r.Orders.Update(ctx, o.ID, map[string]any{
			"estimated_cents": gorm.Expr("estimated_cents + ?", price*int64(in.Quantity)),
		})
	})
	if err != nil {
		return nil, err
	}
	return item, nil
}

// UpgradeExpress moves an order onto the next-day express lane. The fee is
// charged by the worker so the app does not wait on the processor.
func (s *Service) UpgradeExpress(ctx context.Context, customerID, orderID uuid.UUID) (*store.Order, int64, error) {
	o, err := s.repos.Orders.GetForCustomer(ctx, customerID, orderID)
	if err != nil {
		return nil, 0, err
	}
	if !editable(o.Status) {
		return nil, 0, ErrNotEditable
	}
	fee := expressFee(o.ServiceType, o.EstimatedCents)
	deliverBy := o.PickupTo.Add(24 * time.Hour)
	if err := s.repos.Orders.Update(ctx, o.ID, map[string]any{
		"express":     true,
		"delivery_to": deliverBy,
	}); err != nil {
		return nil, 0, err
	}

	opID := xid.New().String()
	if err := s.fees.ScheduleExpressFee(ctx, o.ID, customerID, fee, opID); err != nil {
		return nil, 0, err
	}
	o.Express = true
	o.DeliveryTo = &deliverBy
	return o, fee, nil
}

// Cancel cancels an order, charging the late fee where it applies and
// releasing the card hold.
func (s *Service) Cancel(ctx context.Context, customerID, orderID uuid.UUID, reason string) (*store.Order, error) {
	o, err := s.repos.Orders.GetForCustomer(ctx, customerID, orderID)
	if err != nil {
		return nil, err
	}
	if o.Status == store.OrderCancelled {
		return o, nil
	}
	if !editable(o.Status) && o.Status != store.OrderPickedUp {
		return nil, ErrNotEditable
	}
	now := s.now()
	if _, err := s.billing.ChargeCancellationFee(ctx, o, now); err != nil {
		return nil, fmt.Errorf("cancellation fee: %w", err)
	}
	if err := s.billing.ReleaseHold(ctx, o.ID); err != nil {
		return nil, fmt.Errorf("release hold: %w", err)
	}
	err = s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		if err := r.Orders.Update(ctx, o.ID, map[string]any{
			"status":       store.OrderCancelled,
			"cancelled_at": now,
		}); err != nil {
			return err
		}
		env, err := events.New("order.cancelled:"+o.ID.String(), events.OrderCancelled, o.ID.String(),
			customerID.String(), events.OrderCancelledData{Reason: reason})
		if err != nil {
			return err
		}
		return r.Outbox.Add(ctx, store.OutboxFrom(events.TopicOrders, o.ID.String(), env))
	})
	if err != nil {
		return nil, err
	}
	o.Status = store.OrderCancelled
	o.CancelledAt = &now
	return o, nil
}

type OrderSummary struct {
	ID          uuid.UUID         `json:"id"`
	Status      store.OrderStatus `json:"status"`
	ServiceType string            `json:"service_type"`
	Express     bool              `json:"express"`
	PickupFrom  time.Time         `json:"pickup_from"`
	PickupTo    time.Time         `json:"pickup_to"`
	Estimated   int64             `json:"estimated_cents"`
	Total       int64             `json:"total_cents"`
	CreatedAt   time.Time         `json:"created_at"`
}

func summarize(o store.Order) OrderSummary {
	return OrderSummary{
		ID: o.ID, Status: o.Status, ServiceType: o.ServiceType, Express: o.Express,
		PickupFrom: o.PickupFrom, PickupTo: o.PickupTo,
		Estimated: o.EstimatedCents, Total: o.TotalCents, CreatedAt: o.CreatedAt,
	}
}

// List returns a page of the customer's orders, newest first.
func (s *Service) List(ctx context.Context, customerID uuid.UUID, statuses []store.OrderStatus, p pagination.Params) (pagination.Page[OrderSummary], error) {
	q := s.repos.Orders.Query(ctx, store.OrderFilter{CustomerID: customerID, Statuses: statuses})
	p.Order = "created_at DESC"
	page, err := pagination.List[store.Order](ctx, q, p)
	if err != nil {
		return pagination.Page[OrderSummary]{}, err
	}
	return pagination.Map(page, summarize), nil
}

func (s *Service) Get(ctx context.Context, customerID, orderID uuid.UUID) (*store.Order, error) {
	return s.repos.Orders.GetForCustomer(ctx, customerID, orderID)
}
