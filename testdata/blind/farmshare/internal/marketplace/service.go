package marketplace

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/harvestloop/farmshare/internal/platform/database"
	"github.com/harvestloop/farmshare/internal/platform/events"
	"github.com/harvestloop/farmshare/internal/platform/httpx"
	"github.com/harvestloop/farmshare/internal/platform/ids"
	"github.com/harvestloop/farmshare/internal/providers/cardpay"
)

// Errors.
var (
	ErrOutOfStock = httpx.NewError(http.StatusConflict, "out_of_stock", "one of the products sold out")
	ErrNoCard     = httpx.NewError(http.StatusUnprocessableEntity, "no_payment_method", "add a card before ordering")
	ErrDeclined   = httpx.NewError(http.StatusPaymentRequired, "card_declined", "the card was declined")
)

// TxRunner runs a function in a transaction.
type TxRunner interface {
	WithTx(ctx context.Context, fn func(tx *sqlx.Tx) error) error
}

// EventWriter appends a domain event to the outbox on q.
type EventWriter interface {
	Enqueue(ctx context.Context, q database.Queryer, topic, key string, payload any) error
}

// Payments charges and refunds cards.
type Payments interface {
	CreateCharge(ctx context.Context, req cardpay.ChargeRequest, opts ...cardpay.CallOption) (*cardpay.Charge, error)
	CreateRefund(ctx context.Context, req cardpay.RefundRequest, opts ...cardpay.CallOption) (*cardpay.Refund, error)
}

// Service implements add-on ordering.
type Service struct {
	db       *sqlx.DB
	tx       TxRunner
	store    *Store
	payments Payments
	events   EventWriter
	log      *slog.Logger
	now      func() time.Time
}

// NewService wires a Service.
func NewService(db *sqlx.DB, tx TxRunner, store *Store, payments Payments, ev EventWriter, log *slog.Logger, now func() time.Time) *Service {
	return &Service{db: db, tx: tx, store: store, payments: payments, events: ev, log: log, now: now}
}

func chargeKey(memberID, clientKey string) string {
	return "addon-order:" + memberID + ":" + clientKey
}

// PlaceOrder charges the member and records the order. clientKey is the
// request's Idempotency-Key.
func (s *Service) PlaceOrder(ctx context.Context, memberID, clientKey string, req OrderRequest) (*Order, bool, error) {
	if o, err := s.store.ByClientKey(ctx, s.db, memberID, clientKey); err == nil {
		return o, false, nil
	} else if !errors.Is(err, database.ErrNotFound) {
		return nil, false, err
	}

	d, _ := time.Parse("2006-01-02", req.WeekStart)
	week := httpx.WeekStart(d)
	if !week.After(httpx.WeekStart(s.now())) {
		return nil, false, httpx.NewError(http.StatusUnprocessableEntity, "week_closed", "add-ons must be ordered before the week starts")
	}

	orderID := ids.New()
	var total int64
	lines := make([]Line, 0, len(req.Lines))
	for _, rl := range req.Lines {
		p, err := s.store.Product(ctx, s.db, rl.ProductCode)
		if err != nil {
			return nil, false, httpx.NewError(http.StatusUnprocessableEntity, "unknown_product", "%s is not for sale", rl.ProductCode)
		}
		if p.Stock < rl.Quantity {
			return nil, false, ErrOutOfStock
		}
		lines = append(lines, Line{OrderID: orderID, ProductCode: p.Code, Quantity: rl.Quantity, PriceCents: p.PriceCents})
		total += p.PriceCents * int64(rl.Quantity)
	}

	customer, method, err := s.store.PaymentProfile(ctx, s.db, memberID)
	if err != nil {
		return nil, false, err
	}
	ch, err := s.payments.CreateCharge(ctx, cardpay.ChargeRequest{
		Customer:      customer,
		PaymentMethod: method,
		AmountCents:   total,
		Description:   "Harvest Loop add-ons",
		Metadata:      map[string]string{"member_id": memberID, "kind": "addon_order"},
	}, cardpay.WithIdempotencyKey(chargeKey(memberID, clientKey)))
	if err != nil {
		return nil, false, fmt.Errorf("charge add-on order: %w", err)
	}
	if ch.Status != cardpay.StatusSucceeded {
		return nil, false, ErrDeclined
	}

	o := &Order{
		ID: orderID, MemberID: memberID, ClientKey: clientKey, WeekStart: week,
		TotalCents: total, Status: OrderPaid, ChargeID: ch.ID, CreatedAt: s.now(), Lines: lines,
	}
	created := false
	err = s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		inserted, err := s.store.InsertOrder(ctx, tx, o)
		if err != nil || !inserted {
			return err
		}
		created = true
		if err := s.store.InsertLines(ctx, tx, lines); err != nil {
			return err
		}
		return s.events.Enqueue(ctx, tx, events.TopicAddonOrderPaid, o.ID, events.AddonOrderPaid{
			OrderID: o.ID, MemberID: memberID, WeekStart: week,
		})
	})
	if errors.Is(err, ErrOutOfStock) {
		if _, rerr := s.payments.CreateRefund(ctx, cardpay.RefundRequest{Charge: ch.ID, Reason: "out_of_stock"},
			cardpay.WithIdempotencyKey("refund-"+ch.ID)); rerr != nil {
			s.log.Error("refund after stock-out failed", "charge", ch.ID, "err", rerr)
		}
		return nil, false, err
	}
	if err != nil {
		return nil, false, err
	}
	if !created {
		o, err = s.store.ByClientKey(ctx, s.db, memberID, clientKey)
		return o, false, err
	}
	return o, true, nil
}

// CancelLine cancels one product on an order and refunds it.
func (s *Service) CancelLine(ctx context.Context, memberID, orderID string, req CancelLineRequest) (*Order, error) {
	o, err := s.store.Get(ctx, s.db, orderID)
	if err != nil {
		return nil, err
	}
	if o.MemberID != memberID {
		return nil, database.ErrNotFound
	}
	if o.Status == OrderFulfilled {
		return nil, httpx.NewError(http.StatusConflict, "already_packed", "this order has already been packed")
	}
	var line *Line
	for i := range o.Lines {
		if o.Lines[i].ProductCode == req.ProductCode {
			line = &o.Lines[i]
		}
	}
	if line == nil {
		return nil, database.ErrNotFound
	}
	if line.CancelledAt != nil {
		return o, nil
	}

	rf, err := s.payments.CreateRefund(ctx, cardpay.RefundRequest{
		Charge:      o.ChargeID,
		AmountCents: line.Amount(),
		Reason:      "requested_by_customer",
	})
	if err != nil {
		return nil, fmt.Errorf("refund line: %w", err)
	}

	err = s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := s.store.CancelLine(ctx, tx, o.ID, line.ProductCode, rf.ID); err != nil {
			return err
		}
		return s.store.CloseIfAllCancelled(ctx, tx, o.ID)
	})
	if err != nil {
		return nil, err
	}
	return s.store.Get(ctx, s.db, o.ID)
}
