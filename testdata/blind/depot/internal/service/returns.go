package service

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/depotworks/depot/internal/domain"
	"github.com/depotworks/depot/internal/platform/db"
	"github.com/depotworks/depot/internal/store"
)

// Restocker puts units back into sellable stock.
type Restocker interface {
	Restock(ctx context.Context, merchantID, ref string, lines []domain.StockDelta) error
}

// ReturnService authorizes and receives customer returns.
type ReturnService struct {
	base
	db       *sqlx.DB
	orders   *store.OrderRepo
	returns  *store.ReturnRepo
	billing  *store.BillingRepo
	outbox   *store.OutboxRepo
	stock    Restocker
	feeCents int64
}

// NewReturnService builds the service. feeCents is the per-return
// processing fee charged to the merchant.
func NewReturnService(r *store.Repos, stock Restocker, feeCents int64, opts ...Option) *ReturnService {
	return &ReturnService{
		base: newBase(opts), db: r.DB, orders: r.Orders, returns: r.Returns, billing: r.Billing,
		outbox: r.Outbox, stock: stock, feeCents: feeCents,
	}
}

// ReturnInput is a merchant's request to authorize a return.
type ReturnInput struct {
	OrderID string `json:"order_id"`
	Reason  string `json:"reason"`
	Lines   []struct {
		SKU string `json:"sku"`
		Qty int    `json:"qty"`
	} `json:"lines"`
}

// Create authorizes a return for a shipped order and queues the return
// label purchase.
func (s *ReturnService) Create(ctx context.Context, merchantID string, in ReturnInput) (domain.Return, error) {
	o, err := s.orders.Get(ctx, s.db, in.OrderID)
	if err != nil {
		return domain.Return{}, err
	}
	if o.MerchantID != merchantID {
		return domain.Return{}, domain.ErrNotFound
	}
	if o.Status != domain.OrderShipped {
		return domain.Return{}, fmt.Errorf("%w: order is %s", domain.ErrInvalidState, o.Status)
	}
	shipped := map[string]int{}
	for _, l := range o.Lines {
		shipped[l.SKU] += l.Qty
	}
	rt := domain.Return{
		ID:         s.ids.New(),
		MerchantID: merchantID,
		OrderID:    o.ID,
		Reason:     in.Reason,
		Status:     "authorized",
		CreatedAt:  s.clock.Now(),
	}
	for _, l := range in.Lines {
		if l.Qty <= 0 || l.Qty > shipped[l.SKU] {
			return domain.Return{}, fmt.Errorf("%w: %s was not shipped in that quantity", domain.ErrValidation, l.SKU)
		}
		rt.Lines = append(rt.Lines, domain.ReturnLine{ReturnID: rt.ID, SKU: l.SKU, Qty: l.Qty, Condition: "unknown"})
	}
	err = db.InTx(ctx, s.db, func(tx *sqlx.Tx) error {
		if err := s.returns.Insert(ctx, tx, rt); err != nil {
			return err
		}
		return s.outbox.Enqueue(ctx, tx, store.Envelope{
			EventID:      "return-label:" + rt.ID,
			Destination:  domain.DestKafka,
			Topic:        TopicReturnLabelRequested,
			MerchantID:   merchantID,
			PartitionKey: rt.ID,
			Payload:      ReturnLabelRequestedEvent{ReturnID: rt.ID, MerchantID: merchantID},
		})
	})
	return rt, err
}

// Get loads a return.
func (s *ReturnService) Get(ctx context.Context, id string) (domain.Return, error) {
	return s.returns.Get(ctx, s.db, id)
}

// ReturnReceipt is published by the returns bench after grading a parcel.
type ReturnReceipt struct {
	ReturnID   string    `json:"return_id"`
	Bench      string    `json:"bench"`
	ReceivedAt time.Time `json:"received_at"`
	Lines      []struct {
		SKU       string `json:"sku"`
		Qty       int    `json:"qty"`
		Condition string `json:"condition"`
	} `json:"lines"`
}

// Receive restocks sellable units, closes the RMA and bills the
// processing fee.
func (s *ReturnService) Receive(ctx context.Context, rc ReturnReceipt) error {
	rt, err := s.returns.Get(ctx, s.db, rc.ReturnID)
	if err != nil {
		return err
	}
	if rt.Status == "received" {
		return nil
	}
	var sellable []domain.StockDelta
	for _, l := range rc.Lines {
		if l.Condition == "sellable" {
			sellable = append(sellable, domain.StockDelta{SKU: l.SKU, Delta: l.Qty})
		}
	}
	if err := s.stock.Restock(ctx, rt.MerchantID, rt.ID, sellable); err != nil {
		return fmt.Errorf("receive return %s: restock: %w", rt.ID, err)
	}

	return db.InTx(ctx, s.db, func(tx *sqlx.Tx) error {
		moved, err := s.returns.MarkReceived(ctx, tx, rt.ID, rc.ReceivedAt)
		if err != nil || !moved {
			return err
		}
		for _, l := range rc.Lines {
			if err := s.returns.SetLineCondition(ctx, tx, rt.ID, l.SKU, l.Condition); err != nil {
				return err
			}
		}
		if _, err := s.billing.AddHandlingChargeOnce(ctx, tx, domain.HandlingCharge{
			ID: "hc_" + s.ids.New(), MerchantID: rt.MerchantID, OrderID: rt.OrderID,
			FeeCode: "RETURN_PROCESSING:" + rt.ID, Quantity: 1, AmountCents: s.feeCents, CreatedAt: s.clock.Now(),
		}); err != nil {
			return err
		}
		return s.outbox.Enqueue(ctx, tx, store.Envelope{
			EventID:     "return-received:" + rt.ID,
			Destination: domain.DestWebhook,
			Topic:       EventReturnReceived,
			MerchantID:  rt.MerchantID,
			Payload:     map[string]any{"return_id": rt.ID, "order_id": rt.OrderID, "lines": rc.Lines},
		})
	})
}
