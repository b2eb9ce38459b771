package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/crumbworks/ovenline/internal/domain"
)

const scopeOneOffOrders = "orders.one_off"

// Orders handles one-off orders placed by customers.
type Orders struct {
	db        Pool
	orders    OrderRepo
	customers CustomerRepo
	idem      IdempotencyRepo
	starter   FulfilmentStarter
	now       Clock
}

// NewOrders builds the order service.
func NewOrders(db Pool, orders OrderRepo, customers CustomerRepo, idem IdempotencyRepo, starter FulfilmentStarter, now Clock) *Orders {
	return &Orders{db: db, orders: orders, customers: customers, idem: idem, starter: starter, now: now}
}

// LineInput is a requested product and quantity.
type LineInput struct {
	ProductID uuid.UUID `json:"product_id"`
	Quantity  int       `json:"quantity"`
}

// PlaceOrderInput is a one-off order request.
type PlaceOrderInput struct {
	CustomerID   uuid.UUID   `json:"customer_id"`
	DeliveryDate time.Time   `json:"delivery_date"`
	CustomerRef  string      `json:"customer_ref"`
	Notes        string      `json:"notes"`
	Lines        []LineInput `json:"lines"`
}

func (in PlaceOrderInput) validate(today time.Time) error {
	if in.CustomerID == uuid.Nil {
		return domain.Invalid("customer_id is required")
	}
	if len(in.Lines) == 0 {
		return domain.Invalid("an order needs at least one line")
	}
	if !in.DeliveryDate.After(today) {
		return domain.Invalid("delivery_date must be after today")
	}
	seen := make(map[uuid.UUID]bool, len(in.Lines))
	for _, l := range in.Lines {
		if l.Quantity <= 0 {
			return domain.Invalid("quantity for %s must be positive", l.ProductID)
		}
		if seen[l.ProductID] {
			return domain.Invalid("product %s appears twice", l.ProductID)
		}
		seen[l.ProductID] = true
	}
	return nil
}

// PlaceOneOff records a one-off order and starts its fulfilment. The
// client's Idempotency-Key is claimed in the same transaction as the
// order, so a repeated request returns the order created the first time.
func (s *Orders) PlaceOneOff(ctx context.Context, idemKey string, in PlaceOrderInput) (domain.Order, error) {
	if idemKey == "" {
		return domain.Order{}, domain.Invalid("Idempotency-Key header is required")
	}
	if err := in.validate(startOfDay(s.now())); err != nil {
		return domain.Order{}, err
	}
	hash, err := requestHash(in)
	if err != nil {
		return domain.Order{}, err
	}

	var orderID uuid.UUID
	err = s.db.WithTx(ctx, func(tx *sqlx.Tx) error {
		claimed, err := s.idem.Claim(ctx, tx, scopeOneOffOrders, idemKey, hash)
		if err != nil {
			return err
		}
		if !claimed {
			rec, err := s.idem.Get(ctx, tx, scopeOneOffOrders, idemKey)
			if err != nil {
				return err
			}
			if rec == nil || rec.ResourceID == nil {
				return domain.Conflict("order for this Idempotency-Key is still being created")
			}
			if rec.RequestHash != hash {
				return domain.Conflict("Idempotency-Key was used for a different order")
			}
			orderID = *rec.ResourceID
			return nil
		}

		cust, err := s.customers.Get(ctx, tx, in.CustomerID)
		if err != nil {
			return err
		}
		if !cust.Active {
			return domain.Conflict("customer account %s is closed", cust.AccountCode)
		}
		products, err := s.customers.Products(ctx, tx, lineProductIDs(in.Lines))
		if err != nil {
			return err
		}

		order := domain.Order{
			ID:           uuid.New(),
			CustomerID:   in.CustomerID,
			Source:       "one_off",
			DeliveryDate: in.DeliveryDate,
			Status:       domain.OrderPlaced,
			CustomerRef:  in.CustomerRef,
			Notes:        in.Notes,
		}
		if err := s.orders.Insert(ctx, tx, &order); err != nil {
			return err
		}
		for _, l := range in.Lines {
			p, ok := products[l.ProductID]
			if !ok || !p.Active {
				return domain.Invalid("product %s is not available", l.ProductID)
			}
			line := domain.OrderLine{OrderID: order.ID, ProductID: p.ID, Quantity: l.Quantity, UnitPricePence: p.UnitPricePence}
			if err := s.orders.InsertLine(ctx, tx, line); err != nil {
				return err
			}
		}
		orderID = order.ID
		return s.idem.SetResource(ctx, tx, scopeOneOffOrders, idemKey, order.ID)
	})
	if err != nil {
		return domain.Order{}, err
	}

	// Starting is keyed by order id, so a replayed request also repairs a
	// first attempt that committed but failed to start the workflow.
	if err := s.starter.StartFulfilment(ctx, orderID, in.DeliveryDate); err != nil {
		return domain.Order{}, fmt.Errorf("start fulfilment for %s: %w", orderID, err)
	}
	return s.orders.Get(ctx, s.db, orderID)
}

// Get returns an order.
func (s *Orders) Get(ctx context.Context, id uuid.UUID) (domain.Order, error) {
	return s.orders.Get(ctx, s.db, id)
}

// Cancel cancels an order that has not left the bakery.
func (s *Orders) Cancel(ctx context.Context, id uuid.UUID) error {
	ok, err := s.orders.TransitionStatus(ctx, s.db, id, domain.OrderCancelled, domain.OrderPlaced, domain.OrderInProduction)
	if err != nil {
		return err
	}
	if !ok {
		o, err := s.orders.Get(ctx, s.db, id)
		if err != nil {
			return err
		}
		if o.Status != domain.OrderCancelled {
			return domain.Conflict("order %s is %s and can no longer be cancelled", id, o.Status)
		}
	}
	return s.starter.SignalCancelled(ctx, id)
}

func lineProductIDs(lines []LineInput) []uuid.UUID {
	ids := make([]uuid.UUID, len(lines))
	for i, l := range lines {
		ids[i] = l.ProductID
	}
	return ids
}

func requestHash(v any) (string, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", fmt.Errorf("hash request: %w", err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}

func startOfDay(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, t.Location())
}
