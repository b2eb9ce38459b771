package service

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"
	"github.com/uptrace/bun"

	"github.com/summitline/skipass/internal/config"
	"github.com/summitline/skipass/internal/model"
	"github.com/summitline/skipass/internal/platform/queue"
	"github.com/summitline/skipass/internal/provider/stripepay"
	"github.com/summitline/skipass/internal/store"
	"github.com/summitline/skipass/internal/tasks"
)

type CheckoutLine struct {
	ProductID string
	Date      time.Time
	Quantity  int
}

type CheckoutInput struct {
	IdempotencyKey string
	AccountID      string
	Lines          []CheckoutLine
}

type CheckoutResult struct {
	OrderID      string
	ClientSecret string
	TotalCents   int64
	Currency     string
	Replayed     bool
}

// OrderService sells day tickets.
type OrderService interface {
	Checkout(ctx context.Context, in CheckoutInput) (*CheckoutResult, error)
	Confirm(ctx context.Context, orderID string) (*model.Order, error)
	Cancel(ctx context.Context, orderID string) error
	FulfilPaymentIntent(ctx context.Context, piID string) error
}

type orderService struct {
	db        *bun.DB
	accounts  store.Accounts
	products  store.Products
	inventory store.Inventory
	orders    store.Orders
	passes    store.Passes
	keys      store.Keys
	payments  Payments
	queue     queue.Enqueuer
	currency  string
	tz        *time.Location
	now       Clock
}

func NewOrderService(cfg config.Config, db *bun.DB, accounts store.Accounts, products store.Products,
	inventory store.Inventory, orders store.Orders, passes store.Passes, keys store.Keys,
	payments Payments, q queue.Enqueuer) *orderService {
	return &orderService{
		db: db, accounts: accounts, products: products, inventory: inventory,
		orders: orders, passes: passes, keys: keys, payments: payments, queue: q,
		currency: cfg.Currency, tz: cfg.Timezone, now: time.Now,
	}
}

const scopeCheckout = "checkout"

func (s *orderService) Checkout(ctx context.Context, in CheckoutInput) (*CheckoutResult, error) {
	if in.IdempotencyKey == "" || len(in.Lines) == 0 {
		return nil, ErrInvalid
	}
	acct, err := s.accounts.Get(ctx, s.db, in.AccountID)
	if err != nil {
		return nil, mapErr(err)
	}

	orderID := uuid.NewString()
	type outcome struct {
		order    *model.Order
		replayed bool
	}
	res, err := withTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) (outcome, error) {
		claimed, err := s.keys.Claim(ctx, tx, scopeCheckout, in.IdempotencyKey, orderID)
		if err != nil {
			return outcome{}, err
		}
		if !claimed {
			k, err := s.keys.Find(ctx, tx, scopeCheckout, in.IdempotencyKey)
			if err != nil {
				return outcome{}, err
			}
			o, err := s.orders.Get(ctx, tx, k.ResourceID)
			return outcome{order: o, replayed: true}, err
		}

		o := &model.Order{
			ID:        orderID,
			AccountID: acct.ID,
			Status:    model.OrderPendingPayment,
			Currency:  s.currency,
		}
		for _, l := range in.Lines {
			p, err := s.products.Get(ctx, tx, l.ProductID)
			if err != nil {
				return outcome{}, mapErr(err)
			}
			if p.Kind != model.ProductDayTicket || l.Quantity < 1 {
				return outcome{}, ErrInvalid
			}
			ok, err := s.inventory.Reserve(ctx, tx, p.ID, l.Date, l.Quantity)
			if err != nil {
				return outcome{}, err
			}
			if !ok {
				return outcome{}, fmt.Errorf("%s on %s: %w", p.ID, l.Date.Format(time.DateOnly), ErrSoldOut)
			}
			o.Lines = append(o.Lines, &model.OrderLine{
				ProductID: p.ID,
				ValidDate: l.Date,
				Quantity:  l.Quantity,
				UnitCents: p.PriceCents,
			})
			o.TotalCents += p.PriceCents * int64(l.Quantity)
		}
		if err := s.orders.Insert(ctx, tx, o); err != nil {
			return outcome{}, err
		}
		return outcome{order: o}, nil
	})
	if err != nil {
		return nil, err
	}

	o := res.order
	out := &CheckoutResult{OrderID: o.ID, TotalCents: o.TotalCents, Currency: o.Currency, Replayed: res.replayed}
	if o.PaymentIntentID != nil {
		pi, err := s.payments.GetPaymentIntent(ctx, *o.PaymentIntentID)
		if err != nil {
			return nil, err
		}
		out.ClientSecret = pi.ClientSecret
		return out, nil
	}

	pi, err := s.payments.CreatePaymentIntent(ctx, stripepay.PaymentIntentInput{
		AmountCents: o.TotalCents,
		Currency:    o.Currency,
		CustomerID:  acct.StripeCustomerID,
		Description: "Lift tickets " + o.ID,
	},
		stripepay.WithIdempotencyKey("order-"+o.ID),
		stripepay.WithMetadata(map[string]string{"order_id": o.ID}),
	)
	if err != nil {
		return nil, err
	}
	if err := s.orders.SetPaymentIntent(ctx, s.db, o.ID, pi.ID); err != nil {
		return nil, err
	}
	out.ClientSecret = pi.ClientSecret
	return out, nil
}

func (s *orderService) Confirm(ctx context.Context, orderID string) (*model.Order, error) {
	o, err := s.orders.Get(ctx, s.db, orderID)
	if err != nil {
		return nil, mapErr(err)
	}
	if o.Status == model.OrderCancelled || o.PaymentIntentID == nil {
		return nil, ErrConflict
	}
	if o.Status == model.OrderPendingPayment {
		pi, err := s.payments.GetPaymentIntent(ctx, *o.PaymentIntentID)
		if err != nil {
			return nil, err
		}
		if pi.Status != stripe.PaymentIntentStatusSucceeded {
			return nil, fmt.Errorf("payment %s: %w", pi.Status, ErrConflict)
		}
	}
	if err := s.fulfil(ctx, o); err != nil {
		return nil, err
	}
	return s.orders.Get(ctx, s.db, orderID)
}

func (s *orderService) FulfilPaymentIntent(ctx context.Context, piID string) error {
	o, err := s.orders.GetByPaymentIntent(ctx, s.db, piID)
	if err != nil {
		return mapErr(err)
	}
	if o.Status == model.OrderCancelled {
		return nil
	}
	return s.fulfil(ctx, o)
}

// fulfil marks the order paid, issues one pass per ticket and queues the
// card encoding for each.
func (s *orderService) fulfil(ctx context.Context, o *model.Order) error {
	passes, err := withTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) ([]*model.Pass, error) {
		if _, err := s.orders.MarkPaid(ctx, tx, o.ID, s.now()); err != nil {
			return nil, err
		}
		if _, err := s.passes.InsertIfAbsent(ctx, tx, passesFor(o)); err != nil {
			return nil, err
		}
		return s.passes.ListByOrder(ctx, tx, o.ID)
	})
	if err != nil {
		return err
	}
	for _, p := range passes {
		if p.Status != model.PassAwaitingCard {
			continue
		}
		t, err := tasks.New(tasks.TypeEncodePass, tasks.EncodePass{PassID: p.ID})
		if err != nil {
			return err
		}
		opts := tasks.Options(tasks.TypeEncodePass, tasks.ID("encode", p.ID))
		if err := tasks.Enqueue(ctx, s.queue, t, opts...); err != nil {
			return err
		}
	}
	return nil
}

func passesFor(o *model.Order) []*model.Pass {
	var out []*model.Pass
	for _, l := range o.Lines {
		lineID := l.ID
		for i := 1; i <= l.Quantity; i++ {
			out = append(out, &model.Pass{
				ID:          uuid.NewString(),
				AccountID:   o.AccountID,
				ProductID:   l.ProductID,
				Kind:        model.ProductDayTicket,
				OrderID:     &o.ID,
				OrderLineID: &lineID,
				Seq:         i,
				ValidFrom:   l.ValidDate,
				ValidTo:     l.ValidDate,
				Status:      model.PassAwaitingCard,
			})
		}
	}
	return out
}

func (s *orderService) Cancel(ctx context.Context, orderID string) error {
	o, err := s.orders.Get(ctx, s.db, orderID)
	if err != nil {
		return mapErr(err)
	}
	if o.Status == model.OrderCancelled {
		return nil
	}
	today := s.now().In(s.tz).Format(time.DateOnly)
	for _, l := range o.Lines {
		if l.ValidDate.Format(time.DateOnly) <= today {
			return fmt.Errorf("ticket date %s has started: %w", l.ValidDate.Format(time.DateOnly), ErrConflict)
		}
	}

	if _, err := withTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) (int, error) {
		for _, l := range o.Lines {
			if err := s.inventory.Release(ctx, tx, l.ProductID, l.ValidDate, l.Quantity); err != nil {
				return 0, err
			}
		}
		return len(o.Lines), nil
	}); err != nil {
		return fmt.Errorf("release inventory: %w", err)
	}

	wasPaid := o.Status == model.OrderPaid
	if _, err := withTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) (bool, error) {
		if err := s.orders.MarkCancelled(ctx, tx, o.ID, s.now()); err != nil {
			return false, err
		}
		if err := s.passes.VoidByOrder(ctx, tx, o.ID); err != nil {
			return false, err
		}
		if !wasPaid {
			return false, nil
		}
		return true, s.orders.EnsureRefund(ctx, tx, &model.OrderRefund{
			OrderID:     o.ID,
			AmountCents: o.TotalCents,
			Status:      model.RefundPending,
		})
	}); err != nil {
		return fmt.Errorf("cancel order: %w", err)
	}

	if !wasPaid {
		return nil
	}
	t, err := tasks.New(tasks.TypeIssueRefund, tasks.IssueRefund{Source: tasks.RefundSourceOrder, ID: o.ID})
	if err != nil {
		return err
	}
	return tasks.Enqueue(ctx, s.queue, t, tasks.Options(tasks.TypeIssueRefund, tasks.ID("refund", "order", o.ID))...)
}
