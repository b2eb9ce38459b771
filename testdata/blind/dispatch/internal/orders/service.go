// Package orders handles merchant delivery orders.
package orders

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/quaymile/dispatch/internal/domain"
	"github.com/quaymile/dispatch/internal/idempotency"
	"github.com/quaymile/dispatch/internal/platform/database"
	"github.com/quaymile/dispatch/internal/platform/idgen"
	"github.com/quaymile/dispatch/internal/platform/outbox"
)

var (
	// ErrNotFound is returned for unknown or foreign orders.
	ErrNotFound = errors.New("order not found")
	// ErrNotCancellable is returned when the order is past the point of
	// cancellation.
	ErrNotCancellable = errors.New("order can no longer be cancelled")
)

// AssignmentReleaser frees the courier currently assigned to an order.
type AssignmentReleaser interface {
	ReleaseActive(ctx context.Context, orderID, reason string) error
}

// WebhookPublisher queues an event for the merchant's webhook endpoint.
type WebhookPublisher interface {
	Publish(ctx context.Context, merchantID, eventType string, data any) error
}

// CreateOrderCommand is the input of Create.
type CreateOrderCommand struct {
	MerchantID     string
	IdempotencyKey string
	RequestHash    string
	ExternalRef    string
	RecipientName  string
	RecipientPhone string
	PickupAddress  string
	DropoffAddress string
	CODAmountCents int64
	Currency       string
}

// CreateOrderResult is what the API returns for a created order.
type CreateOrderResult struct {
	StatusCode int
	Body       []byte
}

// OrderView is the API representation of an order.
type OrderView struct {
	ID             string     `json:"id"`
	ExternalRef    string     `json:"external_ref"`
	Status         string     `json:"status"`
	CourierID      *string    `json:"courier_id,omitempty"`
	CODAmountCents int64      `json:"cod_amount_cents"`
	Currency       string     `json:"currency"`
	CreatedAt      time.Time  `json:"created_at"`
	DeliveredAt    *time.Time `json:"delivered_at,omitempty"`
}

// Service is the orders use-case surface.
type Service interface {
	Create(ctx context.Context, cmd CreateOrderCommand) (*CreateOrderResult, error)
	Cancel(ctx context.Context, merchantID, orderID, reason string) error
	Get(ctx context.Context, merchantID, orderID string) (*OrderView, error)
}

type service struct {
	tx          database.Transactor
	repo        Repository
	idem        idempotency.Store
	outbox      outbox.Writer
	assignments AssignmentReleaser
	webhooks    WebhookPublisher
}

// NewService builds the orders Service.
func NewService(tx database.Transactor, repo Repository, idem idempotency.Store, ob outbox.Writer, ar AssignmentReleaser, wh WebhookPublisher) *service {
	return &service{tx: tx, repo: repo, idem: idem, outbox: ob, assignments: ar, webhooks: wh}
}

func (s *service) Create(ctx context.Context, cmd CreateOrderCommand) (*CreateOrderResult, error) {
	scope := "orders.create:" + cmd.MerchantID
	var result *CreateOrderResult
	err := s.tx.WithinTransaction(ctx, func(txCtx context.Context) error {
		rec, fresh, err := s.idem.Reserve(txCtx, scope, cmd.IdempotencyKey, cmd.RequestHash)
		if err != nil {
			return err
		}
		if !fresh {
			if !rec.Completed() {
				return idempotency.ErrInFlight
			}
			result = &CreateOrderResult{StatusCode: rec.ResponseCode, Body: rec.ResponseBody}
			return nil
		}

		now := time.Now().UTC()
		order := &domain.Order{
			ID:             idgen.NewOrderID(),
			MerchantID:     cmd.MerchantID,
			ExternalRef:    cmd.ExternalRef,
			RecipientName:  cmd.RecipientName,
			RecipientPhone: cmd.RecipientPhone,
			PickupAddress:  cmd.PickupAddress,
			DropoffAddress: cmd.DropoffAddress,
			CODAmountCents: cmd.CODAmountCents,
			Currency:       cmd.Currency,
			Status:         domain.OrderPending,
			CreatedAt:      now,
			UpdatedAt:      now,
		}
		if err := s.repo.Create(txCtx, order); err != nil {
			return fmt.Errorf("insert order: %w", err)
		}
		if err := s.repo.AppendEvent(txCtx, order.ID, "order.created", map[string]any{"by": cmd.MerchantID}); err != nil {
			return err
		}
		if err := s.outbox.Add(txCtx, "order.created", order.ID, OrderCreatedMessage{
			OrderID:        order.ID,
			MerchantID:     order.MerchantID,
			RecipientName:  order.RecipientName,
			RecipientPhone: order.RecipientPhone,
			DropoffAddress: order.DropoffAddress,
		}); err != nil {
			return err
		}
		body, err := json.Marshal(toView(order))
		if err != nil {
			return err
		}
		if err := s.idem.Complete(txCtx, scope, cmd.IdempotencyKey, 201, body); err != nil {
			return err
		}
		result = &CreateOrderResult{StatusCode: 201, Body: body}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return result, nil
}

func (s *service) Cancel(ctx context.Context, merchantID, orderID, reason string) error {
	order, err := s.repo.Get(ctx, orderID)
	if errors.Is(err, database.ErrNotFound) || (err == nil && order.MerchantID != merchantID) {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	if order.Status == domain.OrderCancelled {
		return nil
	}
	if !order.Status.Cancellable() {
		return ErrNotCancellable
	}

	now := time.Now().UTC()
	if err := s.repo.Transition(ctx, orderID, order.Status, domain.OrderCancelled, map[string]any{
		"cancelled_at":  now,
		"cancel_reason": reason,
	}); err != nil {
		return err
	}
	if order.CourierID != nil {
		if err := s.assignments.ReleaseActive(ctx, orderID, "order_cancelled"); err != nil {
			return fmt.Errorf("release courier: %w", err)
		}
	}
	if err := s.repo.AppendEvent(ctx, orderID, "order.cancelled", map[string]any{"reason": reason}); err != nil {
		return err
	}
	return s.webhooks.Publish(ctx, merchantID, "order.cancelled", map[string]any{
		"order_id":     orderID,
		"external_ref": order.ExternalRef,
		"reason":       reason,
		"cancelled_at": now,
	})
}

func (s *service) Get(ctx context.Context, merchantID, orderID string) (*OrderView, error) {
	order, err := s.repo.Get(ctx, orderID)
	if errors.Is(err, database.ErrNotFound) || (err == nil && order.MerchantID != merchantID) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	v := toView(order)
	return &v, nil
}

// OrderCreatedMessage is published on the order.created topic.
type OrderCreatedMessage struct {
	OrderID        string `json:"order_id"`
	MerchantID     string `json:"merchant_id"`
	RecipientName  string `json:"recipient_name"`
	RecipientPhone string `json:"recipient_phone"`
	DropoffAddress string `json:"dropoff_address"`
}

func toView(o *domain.Order) OrderView {
	return OrderView{
		ID:             o.ID,
		ExternalRef:    o.ExternalRef,
		Status:         string(o.Status),
		CourierID:      o.CourierID,
		CODAmountCents: o.CODAmountCents,
		Currency:       o.Currency,
		CreatedAt:      o.CreatedAt,
		DeliveredAt:    o.DeliveredAt,
	}
}
