package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/depotworks/depot/internal/domain"
	"github.com/depotworks/depot/internal/platform/db"
	"github.com/depotworks/depot/internal/store"
)

// OrderService accepts, reserves and cancels outbound orders.
type OrderService struct {
	base
	db        *sqlx.DB
	orders    *store.OrderRepo
	inventory *store.InventoryRepo
	idem      *store.IdempotencyRepo
	outbox    *store.OutboxRepo
	locate    func(merchantID, sku string) string
}

// NewOrderService builds the service.
func NewOrderService(r *store.Repos, opts ...Option) *OrderService {
	return &OrderService{
		base:      newBase(opts),
		db:        r.DB,
		orders:    r.Orders,
		inventory: r.Inventory,
		idem:      r.Idempotency,
		outbox:    r.Outbox,
		locate:    defaultSlot,
	}
}

func defaultSlot(merchantID, sku string) string {
	h := sha256.Sum256([]byte(merchantID + "/" + sku))
	return fmt.Sprintf("A%02d-%02d-%d", h[0]%40, h[1]%20, h[2]%5)
}

// OrderInput is a new order as submitted by a merchant or a connector.
type OrderInput struct {
	ExternalRef  string         `json:"external_ref"`
	Channel      string         `json:"channel"`
	ServiceLevel string         `json:"service_level"`
	ShipTo       domain.Address `json:"ship_to"`
	Lines        []struct {
		SKU string `json:"sku"`
		Qty int    `json:"qty"`
	} `json:"lines"`
}

func (in OrderInput) validate() error {
	if in.ExternalRef == "" {
		return fmt.Errorf("%w: external_ref is required", domain.ErrValidation)
	}
	if len(in.Lines) == 0 {
		return fmt.Errorf("%w: at least one line is required", domain.ErrValidation)
	}
	for i, l := range in.Lines {
		if l.SKU == "" || l.Qty <= 0 {
			return fmt.Errorf("%w: line %d needs a sku and a positive qty", domain.ErrValidation, i+1)
		}
	}
	return nil
}

func (s *OrderService) build(merchantID string, in OrderInput) (domain.Order, error) {
	shipTo, err := json.Marshal(in.ShipTo)
	if err != nil {
		return domain.Order{}, err
	}
	now := s.clock.Now()
	o := domain.Order{
		ID:           "ord_" + s.ids.New(),
		MerchantID:   merchantID,
		ExternalRef:  in.ExternalRef,
		Channel:      in.Channel,
		Status:       domain.OrderAccepted,
		ShipTo:       shipTo,
		ServiceLevel: in.ServiceLevel,
		CreatedAt:    now,
		UpdatedAt:    now,
	}
	if o.Channel == "" {
		o.Channel = "api"
	}
	if o.ServiceLevel == "" {
		o.ServiceLevel = "standard"
	}
	for i, l := range in.Lines {
		o.Lines = append(o.Lines, domain.OrderLine{OrderID: o.ID, LineNo: i + 1, SKU: l.SKU, Qty: l.Qty})
	}
	return o, nil
}

func (s *OrderService) acceptedEvent(o domain.Order) store.Envelope {
	return store.Envelope{
		EventID:      "order-accepted:" + o.ID,
		Destination:  domain.DestKafka,
		Topic:        TopicOrdersAccepted,
		MerchantID:   o.MerchantID,
		PartitionKey: o.ID,
		Payload:      OrderEvent{OrderID: o.ID, MerchantID: o.MerchantID, Status: o.Status, At: o.CreatedAt},
	}
}

// StoredResponse is a response replayed for a repeated idempotency key.
type StoredResponse struct {
	Code int
	Body json.RawMessage
}

// ErrKeyReused means an idempotency key was sent with a different body.
var ErrKeyReused = errors.New("idempotency key reused with a different request")

// ErrKeyInFlight means the first request with this key has not finished.
var ErrKeyInFlight = errors.New("idempotency key is in use by a request in progress")

// CreateOrder accepts an order submitted through the API under the
// caller's Idempotency-Key.
func (s *OrderService) CreateOrder(ctx context.Context, merchantID, key string, raw []byte, in OrderInput) (*domain.Order, *StoredResponse, error) {
	if err := in.validate(); err != nil {
		return nil, nil, err
	}
	o, err := s.build(merchantID, in)
	if err != nil {
		return nil, nil, err
	}
	sum := sha256.Sum256(raw)
	hash := hex.EncodeToString(sum[:])

	var replay *StoredResponse
	err = db.InTx(ctx, s.db, func(tx *sqlx.Tx) error {
		claimed, err := s.idem.Claim(ctx, tx, merchantID, key, hash)
		if err != nil {
			return err
		}
		if !claimed {
			rec, err := s.idem.Lookup(ctx, tx, merchantID, key)
			if err != nil {
				return err
			}
			if rec.RequestHash != hash {
				return ErrKeyReused
			}
			if rec.ResponseCode == nil {
				return ErrKeyInFlight
			}
			replay = &StoredResponse{Code: *rec.ResponseCode, Body: rec.ResponseBody}
			return nil
		}
		if err := s.orders.Insert(ctx, tx, o); err != nil {
			if db.IsUniqueViolation(err) {
				return fmt.Errorf("%w: order %s already exists", domain.ErrConflict, in.ExternalRef)
			}
			return err
		}
		if err := s.outbox.Enqueue(ctx, tx, s.acceptedEvent(o)); err != nil {
			return err
		}
		return s.idem.SaveResponse(ctx, tx, merchantID, key, 201, o)
	})
	if err != nil {
		return nil, nil, err
	}
	if replay != nil {
		return nil, replay, nil
	}
	return &o, nil, nil
}

// ImportedOrder is the payload a channel connector publishes on
// depot.orders.imported.
type ImportedOrder struct {
	MerchantID string     `json:"merchant_id"`
	Order      OrderInput `json:"order"`
	ImportedAt time.Time  `json:"imported_at"`
}

// ImportOrder stores an order pulled from a merchant's storefront by a
// channel connector.
func (s *OrderService) ImportOrder(ctx context.Context, msg ImportedOrder) (domain.Order, error) {
	if err := msg.Order.validate(); err != nil {
		return domain.Order{}, err
	}
	o, err := s.build(msg.MerchantID, msg.Order)
	if err != nil {
		return o, err
	}
	err = db.InTx(ctx, s.db, func(tx *sqlx.Tx) error {
		if err := s.orders.Insert(ctx, tx, o); err != nil {
			return fmt.Errorf("import %s/%s: %w", o.MerchantID, o.ExternalRef, err)
		}
		return s.outbox.Enqueue(ctx, tx, s.acceptedEvent(o))
	})
	return o, err
}

// errShort aborts a reservation transaction when a line cannot be held.
var errShort = errors.New("insufficient stock for order")

// Reserve holds stock for every line of an accepted order and creates pick
// tasks. If any line is short the holds are rolled back and the order goes
// on backorder.
func (s *OrderService) Reserve(ctx context.Context, orderID string) error {
	err := db.InTx(ctx, s.db, func(tx *sqlx.Tx) error {
		o, err := s.orders.GetForUpdate(ctx, tx, orderID)
		if err != nil {
			return err
		}
		if o.Status != domain.OrderAccepted {
			return nil
		}
		expires := s.clock.Now().Add(s.holdFor)
		for _, l := range o.Lines {
			inserted, err := s.orders.InsertReservation(ctx, tx, domain.Reservation{
				OrderID: o.ID, SKU: l.SKU, MerchantID: o.MerchantID, Qty: l.Qty, ExpiresAt: expires,
			})
			if err != nil {
				return err
			}
			if !inserted {
				continue
			}
			ok, err := s.inventory.Reserve(ctx, tx, o.MerchantID, l.SKU, l.Qty)
			if err != nil {
				return err
			}
			if !ok {
				return errShort
			}
		}
		for _, l := range o.Lines {
			task := domain.PickTask{
				ID: fmt.Sprintf("pk_%s_%d", o.ID, l.LineNo), OrderID: o.ID, SKU: l.SKU,
				Location: s.locate(o.MerchantID, l.SKU), Qty: l.Qty,
			}
			if err := s.orders.InsertPickTask(ctx, tx, task); err != nil {
				return err
			}
		}
		_, err = s.orders.Transition(ctx, tx, o.ID, []string{domain.OrderAccepted}, domain.OrderPicking)
		return err
	})
	if !errors.Is(err, errShort) {
		return err
	}
	return db.InTx(ctx, s.db, func(tx *sqlx.Tx) error {
		o, err := s.orders.GetForUpdate(ctx, tx, orderID)
		if err != nil {
			return err
		}
		return s.backorder(ctx, tx, o)
	})
}

func (s *OrderService) backorder(ctx context.Context, tx *sqlx.Tx, o domain.Order) error {
	moved, err := s.orders.Transition(ctx, tx, o.ID, []string{domain.OrderAccepted}, domain.OrderBackorder)
	if err != nil || !moved {
		return err
	}
	return s.outbox.Enqueue(ctx, tx, store.Envelope{
		EventID:     "order-backordered:" + o.ID,
		Destination: domain.DestWebhook,
		Topic:       EventOrderBackordered,
		MerchantID:  o.MerchantID,
		Payload:     OrderEvent{OrderID: o.ID, MerchantID: o.MerchantID, Status: domain.OrderBackorder, At: s.clock.Now()},
	})
}

// Cancel cancels an order that has not been packed and returns its
// reserved stock.
func (s *OrderService) Cancel(ctx context.Context, orderID, reason string) (domain.Order, error) {
	return db.InTxResult(ctx, s.db, func(tx *sqlx.Tx) (domain.Order, error) {
		o, err := s.orders.GetForUpdate(ctx, tx, orderID)
		if err != nil {
			return o, err
		}
		if o.Status == domain.OrderCancelled {
			return o, nil
		}
		moved, err := s.orders.Transition(ctx, tx, o.ID, []string{
			domain.OrderAccepted, domain.OrderBackorder, domain.OrderReserved, domain.OrderPicking,
		}, domain.OrderCancelled)
		if err != nil {
			return o, err
		}
		if !moved {
			return o, fmt.Errorf("%w: order is %s", domain.ErrInvalidState, o.Status)
		}
		released, err := s.orders.ReleaseReservations(ctx, tx, o.ID)
		if err != nil {
			return o, err
		}
		for _, r := range released {
			if err := s.inventory.Release(ctx, tx, r.MerchantID, r.SKU, r.Qty); err != nil {
				return o, err
			}
		}
		o.Status = domain.OrderCancelled
		return o, s.outbox.Enqueue(ctx, tx, store.Envelope{
			EventID:     "order-cancelled:" + o.ID,
			Destination: domain.DestWebhook,
			Topic:       EventOrderCancelled,
			MerchantID:  o.MerchantID,
			Payload:     map[string]any{"order_id": o.ID, "external_ref": o.ExternalRef, "reason": reason},
		})
	})
}

// ExpireReservations releases holds past their expiry and returns how many
// were released.
func (s *OrderService) ExpireReservations(ctx context.Context) (int, error) {
	return db.InTxResult(ctx, s.db, func(tx *sqlx.Tx) (int, error) {
		expired, err := s.orders.ExpireReservations(ctx, tx, s.clock.Now())
		if err != nil {
			return 0, err
		}
		for _, r := range expired {
			if err := s.inventory.Release(ctx, tx, r.MerchantID, r.SKU, r.Qty); err != nil {
				return 0, err
			}
		}
		return len(expired), nil
	})
}
