package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"go.uber.org/fx"

	"github.com/dinein/platform/internal/config"
	"github.com/dinein/platform/internal/queue"
	"github.com/dinein/platform/internal/store"
)

const (
	scopePlaceOrder  = "orders.place"
	deliveryFeeCents = 299
	serviceFeeBPS    = 1000
	maxItemsPerOrder = 50
	minOrderCents    = 500
	reasonCustomer   = "customer_cancelled"
	reasonRestaurant = "restaurant_rejected"
)

// ItemInput is one requested line of a new order.
type ItemInput struct {
	MenuItemID uuid.UUID `json:"menu_item_id"`
	Quantity   int       `json:"quantity"`
	Notes      string    `json:"notes,omitempty"`
}

// PlaceOrderInput is a customer's request to place an order.
type PlaceOrderInput struct {
	IdempotencyKey string
	CustomerID     uuid.UUID
	RestaurantID   uuid.UUID   `json:"restaurant_id"`
	Items          []ItemInput `json:"items"`
	DropoffAddress string      `json:"dropoff_address"`
	DropoffNotes   string      `json:"dropoff_notes"`
	UseCredit      bool        `json:"use_credit"`
}

func (in PlaceOrderInput) hash() string {
	items := append([]ItemInput(nil), in.Items...)
	sort.Slice(items, func(i, j int) bool { return items[i].MenuItemID.String() < items[j].MenuItemID.String() })
	raw, _ := json.Marshal(struct {
		C uuid.UUID
		R uuid.UUID
		I []ItemInput
		A string
		U bool
	}{in.CustomerID, in.RestaurantID, items, in.DropoffAddress, in.UseCredit})
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])
}

// PlaceOrderResult is returned to the client and stored for replays.
type PlaceOrderResult struct {
	OrderID       uuid.UUID `json:"order_id"`
	Status        string    `json:"status"`
	SubtotalCents int64     `json:"subtotal_cents"`
	CreditCents   int64     `json:"credit_applied_cents"`
	TotalCents    int64     `json:"total_cents"`
	Currency      string    `json:"currency"`
	Replayed      bool      `json:"-"`
}

// MissingItem is a customer's report of an item that did not arrive.
type MissingItem struct {
	MenuItemID uuid.UUID `json:"menu_item_id"`
	Quantity   int       `json:"quantity"`
}

// OrderService covers the order lifecycle from placement to completion.
type OrderService interface {
	Place(ctx context.Context, in PlaceOrderInput) (*PlaceOrderResult, error)
	Cancel(ctx context.Context, customerID, orderID uuid.UUID) (*store.Order, error)
	Accept(ctx context.Context, restaurantID, orderID uuid.UUID) (*store.Order, error)
	MarkReady(ctx context.Context, restaurantID, orderID uuid.UUID) (*store.Order, error)
	Reject(ctx context.Context, restaurantID, orderID uuid.UUID, reason string) (*store.Order, error)
	ReportMissingItems(ctx context.Context, customerID, orderID uuid.UUID, items []MissingItem) ([]store.Adjustment, error)
}

type orderService struct {
	cfg       config.Config
	db        store.DB
	orders    store.OrderRepository
	menu      store.MenuRepository
	idem      store.IdempotencyRepository
	payments  store.PaymentRepository
	refunds   store.RefundRepository
	credits   store.CreditRepository
	directory store.Directory
	queue     queue.Enqueuer
	notifier  *Notifier
}

// OrderDeps are the collaborators of the order service.
type OrderDeps struct {
	fx.In

	Config    config.Config
	DB        store.DB
	Orders    store.OrderRepository
	Menu      store.MenuRepository
	Idem      store.IdempotencyRepository
	Payments  store.PaymentRepository
	Refunds   store.RefundRepository
	Credits   store.CreditRepository
	Directory store.Directory
	Queue     queue.Enqueuer
	Notifier  *Notifier
}

// NewOrderService builds the OrderService.
func NewOrderService(d OrderDeps) *orderService {
	return &orderService{
		cfg: d.Config, db: d.DB, orders: d.Orders, menu: d.Menu, idem: d.Idem, payments: d.Payments,
		refunds: d.Refunds, credits: d.Credits, directory: d.Directory, queue: d.Queue, notifier: d.Notifier,
	}
}

func (s *orderService) Place(ctx context.Context, in PlaceOrderInput) (*PlaceOrderResult, error) {
	if err := validatePlace(in); err != nil {
		return nil, err
	}
	hash := in.hash()
	return store.InTx(ctx, s.db, func(tx pgx.Tx) (*PlaceOrderResult, error) {
		rec, claimed, err := s.idem.Claim(ctx, tx, scopePlaceOrder, in.IdempotencyKey, hash)
		if err != nil {
			return nil, err
		}
		if !claimed {
			return replayPlace(rec, hash)
		}

		ids := make([]uuid.UUID, 0, len(in.Items))
		for _, it := range in.Items {
			ids = append(ids, it.MenuItemID)
		}
		menu, err := s.menu.GetMany(ctx, tx, in.RestaurantID, ids)
		if err != nil {
			return nil, err
		}
		order := &store.Order{
			ID:               uuid.New(),
			CustomerID:       in.CustomerID,
			RestaurantID:     in.RestaurantID,
			Status:           store.OrderPendingPayment,
			DeliveryFeeCents: deliveryFeeCents,
			Currency:         "usd",
			DropoffAddress:   strings.TrimSpace(in.DropoffAddress),
			DropoffNotes:     in.DropoffNotes,
		}
		lines := make([]store.OrderItem, 0, len(in.Items))
		for _, it := range in.Items {
			m, ok := menu[it.MenuItemID]
			if !ok || !m.Available {
				return nil, fmt.Errorf("%w: item %s is not available", ErrInvalidInput, it.MenuItemID)
			}
			order.SubtotalCents += m.PriceCents * int64(it.Quantity)
			lines = append(lines, store.OrderItem{
				MenuItemID: m.ID, Quantity: it.Quantity, UnitPriceCents: m.PriceCents, Notes: it.Notes,
			})
		}
		if order.SubtotalCents < minOrderCents {
			return nil, fmt.Errorf("%w: order minimum is %s", ErrInvalidInput, money(minOrderCents))
		}
		order.ServiceFeeCents = order.SubtotalCents * serviceFeeBPS / 10000
		order.TotalCents = order.SubtotalCents + order.DeliveryFeeCents + order.ServiceFeeCents

		if in.UseCredit {
			bal, err := s.credits.WalletBalance(ctx, tx, in.CustomerID)
			if err != nil {
				return nil, err
			}
			applied := min(bal, order.TotalCents-50)
			if applied > 0 {
				if _, err := s.credits.AddToWallet(ctx, tx, in.CustomerID, -applied); err != nil {
					return nil, err
				}
				order.CreditAppliedCents = applied
				order.TotalCents -= applied
			}
		}

		if err := s.orders.Insert(ctx, tx, order, lines); err != nil {
			return nil, err
		}
		res := &PlaceOrderResult{
			OrderID:       order.ID,
			Status:        order.Status,
			SubtotalCents: order.SubtotalCents,
			CreditCents:   order.CreditAppliedCents,
			TotalCents:    order.TotalCents,
			Currency:      order.Currency,
		}
		if err := s.idem.Complete(ctx, tx, scopePlaceOrder, in.IdempotencyKey, 201, res); err != nil {
			return nil, err
		}
		return res, nil
	})
}

func validatePlace(in PlaceOrderInput) error {
	switch {
	case in.IdempotencyKey == "":
		return fmt.Errorf("%w: Idempotency-Key header is required", ErrInvalidInput)
	case len(in.Items) == 0 || len(in.Items) > maxItemsPerOrder:
		return fmt.Errorf("%w: an order needs between 1 and %d items", ErrInvalidInput, maxItemsPerOrder)
	case strings.TrimSpace(in.DropoffAddress) == "":
		return fmt.Errorf("%w: dropoff address is required", ErrInvalidInput)
	}
	seen := map[uuid.UUID]bool{}
	for _, it := range in.Items {
		if it.Quantity <= 0 || it.Quantity > 20 {
			return fmt.Errorf("%w: quantity must be 1-20", ErrInvalidInput)
		}
		if seen[it.MenuItemID] {
			return fmt.Errorf("%w: item %s listed twice", ErrInvalidInput, it.MenuItemID)
		}
		seen[it.MenuItemID] = true
	}
	return nil
}

func replayPlace(rec *store.IdempotencyRecord, hash string) (*PlaceOrderResult, error) {
	if rec.RequestHash != hash {
		return nil, ErrIdempotencyMismatch
	}
	if !rec.Completed() {
		return nil, ErrRequestInProgress
	}
	var prev PlaceOrderResult
	if err := json.Unmarshal(rec.ResponseBody, &prev); err != nil {
		return nil, fmt.Errorf("decode stored response: %w", err)
	}
	prev.Replayed = true
	return &prev, nil
}

func (s *orderService) Cancel(ctx context.Context, customerID, orderID uuid.UUID) (*store.Order, error) {
	return store.InTx(ctx, s.db, func(tx pgx.Tx) (*store.Order, error) {
		o, err := s.orders.GetForUpdate(ctx, tx, orderID)
		if err != nil {
			return nil, err
		}
		if o.CustomerID != customerID {
			return nil, ErrForbidden
		}
		if o.Status == store.OrderCancelled {
			return o, nil
		}
		o, err = s.orders.Transition(ctx, tx, orderID,
			[]string{store.OrderPendingPayment, store.OrderPlaced}, store.OrderCancelled)
		if errors.Is(err, store.ErrConflict) {
			return nil, ErrInvalidState
		}
		if err != nil {
			return nil, err
		}
		if err := s.refundCharge(ctx, tx, o, reasonCustomer); err != nil {
			return nil, err
		}
		if o.CreditAppliedCents > 0 {
			if _, err := s.credits.AddToWallet(ctx, tx, o.CustomerID, o.CreditAppliedCents); err != nil {
				return nil, err
			}
		}
		return o, nil
	})
}

// refundCharge records a full refund of the order's charge, if it was
// charged, and schedules the card refund in the same transaction.
func (s *orderService) refundCharge(ctx context.Context, tx pgx.Tx, o *store.Order, reason string) error {
	attempt, err := s.payments.GetAttemptByOrder(ctx, tx, o.ID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if attempt.Status != "succeeded" {
		return nil
	}
	rf, err := s.refunds.Create(ctx, tx, &store.Refund{
		ID:          uuid.New(),
		OrderID:     o.ID,
		Reason:      reason,
		AmountCents: attempt.AmountCents,
	})
	if err != nil {
		return err
	}
	_, err = s.queue.EnqueueTx(ctx, tx, queue.RefundArgs{RefundID: rf.ID})
	return err
}

func (s *orderService) Accept(ctx context.Context, restaurantID, orderID uuid.UUID) (*store.Order, error) {
	return store.InTx(ctx, s.db, func(tx pgx.Tx) (*store.Order, error) {
		o, err := s.orders.GetForUpdate(ctx, tx, orderID)
		if err != nil {
			return nil, err
		}
		if o.RestaurantID != restaurantID {
			return nil, ErrForbidden
		}
		if o.Status == store.OrderAccepted {
			return o, nil
		}
		o, err = s.orders.Transition(ctx, tx, orderID, []string{store.OrderPlaced}, store.OrderAccepted)
		if errors.Is(err, store.ErrConflict) {
			return nil, ErrInvalidState
		}
		if err != nil {
			return nil, err
		}
		if _, err := s.queue.EnqueueTx(ctx, tx, queue.DispatchArgs{OrderID: o.ID, Attempt: 1}); err != nil {
			return nil, err
		}
		return o, nil
	})
}

func (s *orderService) MarkReady(ctx context.Context, restaurantID, orderID uuid.UUID) (*store.Order, error) {
	o, err := s.orders.Get(ctx, s.db, orderID)
	if err != nil {
		return nil, err
	}
	if o.RestaurantID != restaurantID {
		return nil, ErrForbidden
	}
	if o.Status != store.OrderReady {
		o, err = s.orders.Transition(ctx, s.db, orderID, []string{store.OrderAccepted}, store.OrderReady)
		if errors.Is(err, store.ErrConflict) {
			return nil, ErrInvalidState
		}
		if err != nil {
			return nil, err
		}
	}
	c, err := s.directory.Customer(ctx, s.db, o.CustomerID)
	if err != nil {
		return nil, err
	}
	r, err := s.directory.Restaurant(ctx, s.db, o.RestaurantID)
	if err != nil {
		return nil, err
	}
	body := fmt.Sprintf("%s has finished your order %s. A courier is on the way to pick it up.", r.Name, shortID(o.ID))
	if _, err := s.notifier.Text(ctx, c.PhoneE164, body, WithRef("order-ready:"+o.ID.String())); err != nil {
		return nil, err
	}
	return o, nil
}

func (s *orderService) Reject(ctx context.Context, restaurantID, orderID uuid.UUID, reason string) (*store.Order, error) {
	o, err := s.orders.Get(ctx, s.db, orderID)
	if err != nil {
		return nil, err
	}
	if o.RestaurantID != restaurantID {
		return nil, ErrForbidden
	}
	if o.Status == store.OrderRejected {
		return o, nil
	}
	if o.Status != store.OrderPlaced {
		return nil, ErrInvalidState
	}

	// Customers whose order is turned down get goodwill credit on top of
	// the refund.
	if err := store.WithTx(ctx, s.db, func(tx pgx.Tx) error {
		_, err := s.credits.AddToWallet(ctx, tx, o.CustomerID, s.cfg.GoodwillCents)
		return err
	}); err != nil {
		return nil, fmt.Errorf("goodwill credit: %w", err)
	}

	return store.InTx(ctx, s.db, func(tx pgx.Tx) (*store.Order, error) {
		o, err := s.orders.Transition(ctx, tx, orderID, []string{store.OrderPlaced}, store.OrderRejected)
		if errors.Is(err, store.ErrConflict) {
			return nil, ErrInvalidState
		}
		if err != nil {
			return nil, err
		}
		if err := s.refundCharge(ctx, tx, o, reasonRestaurant); err != nil {
			return nil, err
		}
		return o, nil
	})
}

func (s *orderService) ReportMissingItems(ctx context.Context, customerID, orderID uuid.UUID, missing []MissingItem) ([]store.Adjustment, error) {
	if len(missing) == 0 {
		return nil, fmt.Errorf("%w: no items reported", ErrInvalidInput)
	}
	return store.InTx(ctx, s.db, func(tx pgx.Tx) ([]store.Adjustment, error) {
		o, err := s.orders.GetForUpdate(ctx, tx, orderID)
		if err != nil {
			return nil, err
		}
		if o.CustomerID != customerID {
			return nil, ErrForbidden
		}
		if o.Status != store.OrderDelivered {
			return nil, ErrInvalidState
		}
		items, err := s.orders.Items(ctx, tx, orderID)
		if err != nil {
			return nil, err
		}
		byID := make(map[uuid.UUID]store.OrderItem, len(items))
		for _, it := range items {
			byID[it.MenuItemID] = it
		}
		var out []store.Adjustment
		for _, m := range missing {
			line, ok := byID[m.MenuItemID]
			if !ok || m.Quantity <= 0 || m.Quantity > line.Quantity {
				return nil, fmt.Errorf("%w: item %s", ErrInvalidInput, m.MenuItemID)
			}
			adj := store.Adjustment{
				ID:          uuid.New(),
				OrderID:     orderID,
				MenuItemID:  m.MenuItemID,
				Quantity:    m.Quantity,
				AmountCents: line.UnitPriceCents * int64(m.Quantity),
				Status:      "pending",
			}
			created, err := s.refunds.CreateAdjustment(ctx, tx, &adj)
			if err != nil {
				return nil, err
			}
			if !created {
				continue
			}
			if _, err := s.queue.EnqueueTx(ctx, tx, queue.AdjustmentRefundArgs{AdjustmentID: adj.ID}); err != nil {
				return nil, err
			}
			out = append(out, adj)
		}
		return out, nil
	})
}
