package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/ironkettle/taproute/internal/domain"
	"github.com/ironkettle/taproute/internal/store"
)

const scopeCreateOrder = "orders.create"

// OrderService places, confirms and cancels orders.
type OrderService struct {
	db       store.Querier
	tx       store.TxRunner
	accounts AccountStore
	products ProductStore
	orders   OrderStore
	idem     IdempotencyStore
	outbox   OutboxStore
	now      Clock
	newID    func() uuid.UUID
}

// NewOrderService constructs an OrderService.
func NewOrderService(db store.Querier, tx store.TxRunner, accounts AccountStore, products ProductStore,
	orders OrderStore, idem IdempotencyStore, outbox OutboxStore, now Clock) *OrderService {
	return &OrderService{
		db: db, tx: tx, accounts: accounts, products: products, orders: orders,
		idem: idem, outbox: outbox, now: now, newID: uuid.New,
	}
}

// CreateOrderInput is a portal order.
type CreateOrderInput struct {
	AccountID             string      `json:"account_id"`
	RequestedDeliveryDate string      `json:"requested_delivery_date"`
	Lines                 []LineInput `json:"lines"`
	Reference             string      `json:"reference"`
}

type createOrderResponse struct {
	OrderID uuid.UUID `json:"order_id"`
}

// Create places an order under the caller's Idempotency-Key. A repeated key
// with the same request returns the order created the first time; the key is
// claimed in the same transaction that writes the order.
func (s *OrderService) Create(ctx context.Context, idemKey, requestHash string, in CreateOrderInput) (domain.Order, bool, error) {
	day, err := time.Parse(time.DateOnly, in.RequestedDeliveryDate)
	if err != nil {
		return domain.Order{}, false, fmt.Errorf("requested_delivery_date: %w", domain.ErrInvalid)
	}
	var out domain.Order
	replayed := false
	err = s.tx.InTx(ctx, func(tx pgx.Tx) error {
		claimed, stored, err := s.idem.Claim(ctx, tx, scopeCreateOrder, idemKey, requestHash)
		if err != nil {
			return err
		}
		if !claimed {
			if stored.RequestHash != requestHash {
				return domain.ErrKeyReused
			}
			var prev createOrderResponse
			if err := json.Unmarshal(stored.Body, &prev); err != nil {
				return fmt.Errorf("decode stored response: %w", err)
			}
			replayed = true
			out, err = s.orders.Get(ctx, tx, prev.OrderID)
			return err
		}

		acct, err := s.accounts.Get(ctx, tx, in.AccountID)
		if err != nil {
			return mapNotFound(err, "account")
		}
		if err := validDeliveryDate(s.now(), day); err != nil {
			return err
		}
		lines, subtotal, deposits, err := priceOrder(ctx, tx, s.products, in.Lines)
		if err != nil {
			return err
		}
		o := domain.Order{
			ID:                    s.newID(),
			AccountID:             acct.ID,
			Source:                "portal",
			Status:                domain.OrderPending,
			RequestedDeliveryDate: day,
			SubtotalCents:         subtotal,
			DepositCents:          deposits,
			ExternalRef:           in.Reference,
			Lines:                 lines,
		}
		if err := s.orders.Insert(ctx, tx, o); err != nil {
			return err
		}
		if _, err := s.outbox.Append(ctx, tx, "order-created:"+o.ID.String(), SubjectOrderCreated, OrderCreated{
			OrderID: o.ID, AccountID: o.AccountID, Source: o.Source, ShipDate: in.RequestedDeliveryDate,
		}); err != nil {
			return err
		}
		if err := s.idem.SaveResponse(ctx, tx, scopeCreateOrder, idemKey, http.StatusCreated,
			createOrderResponse{OrderID: o.ID}); err != nil {
			return err
		}
		out = o
		return nil
	})
	return out, replayed, err
}

// Get loads an order.
func (s *OrderService) Get(ctx context.Context, id uuid.UUID) (domain.Order, error) {
	o, err := s.orders.Get(ctx, s.db, id)
	return o, mapNotFound(err, "order")
}

// Confirm reserves stock for every line and moves the order to confirmed.
func (s *OrderService) Confirm(ctx context.Context, id uuid.UUID) (domain.Order, error) {
	o, err := s.orders.Get(ctx, s.db, id)
	if err != nil {
		return domain.Order{}, mapNotFound(err, "order")
	}
	switch o.Status {
	case domain.OrderConfirmed:
		return o, nil
	case domain.OrderPending:
	default:
		return domain.Order{}, fmt.Errorf("order %s is %s: %w", id, o.Status, domain.ErrInvalidState)
	}

	// Reserve line by line so the error names the SKU that is short; the
	// sales rep usually fixes a shortfall by editing that one line.
	for _, l := range o.Lines {
		if err := s.products.Reserve(ctx, s.db, l.SKU, l.Qty); err != nil {
			return domain.Order{}, err
		}
	}
	at := s.now()
	if err := s.orders.SetStatus(ctx, s.db, id, domain.OrderConfirmed, at); err != nil {
		return domain.Order{}, fmt.Errorf("confirm order %s: %w", id, err)
	}
	if _, err := s.outbox.Append(ctx, s.db, "order-confirmed:"+id.String(), SubjectOrderConfirmed, OrderStatusChanged{
		OrderID: id, AccountID: o.AccountID, Status: string(domain.OrderConfirmed), At: at,
	}); err != nil {
		return domain.Order{}, err
	}
	o.Status = domain.OrderConfirmed
	o.ConfirmedAt = &at
	return o, nil
}

// Cancel cancels a pending or confirmed order, releasing any reservation.
func (s *OrderService) Cancel(ctx context.Context, id uuid.UUID) (domain.Order, error) {
	var out domain.Order
	err := s.tx.InTx(ctx, func(tx pgx.Tx) error {
		o, err := s.orders.GetForUpdate(ctx, tx, id)
		if err != nil {
			return mapNotFound(err, "order")
		}
		switch o.Status {
		case domain.OrderCancelled:
			out = o
			return nil
		case domain.OrderConfirmed:
			for _, l := range o.Lines {
				if err := s.products.Release(ctx, tx, l.SKU, l.Qty); err != nil {
					return err
				}
			}
		case domain.OrderPending:
		default:
			return fmt.Errorf("order %s is %s: %w", id, o.Status, domain.ErrInvalidState)
		}
		at := s.now()
		if err := s.orders.SetStatus(ctx, tx, id, domain.OrderCancelled, at); err != nil {
			return err
		}
		if _, err := s.outbox.Append(ctx, tx, "order-cancelled:"+id.String(), SubjectOrderCancelled, OrderStatusChanged{
			OrderID: id, AccountID: o.AccountID, Status: string(domain.OrderCancelled), At: at,
		}); err != nil {
			return err
		}
		o.Status = domain.OrderCancelled
		out = o
		return nil
	})
	return out, err
}

func mapNotFound(err error, what string) error {
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("%s: %w", what, domain.ErrNotFound)
	}
	return err
}
