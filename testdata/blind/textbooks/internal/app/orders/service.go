// Package orders sells used copies to buyers.
package orders

import (
	"context"
	"fmt"
	"time"

	"github.com/stripe/stripe-go/v82"

	"github.com/quirecampus/bookloop/internal/app"
	"github.com/quirecampus/bookloop/internal/domain"
	"github.com/quirecampus/bookloop/internal/platform/ids"
	"github.com/quirecampus/bookloop/internal/platform/queue"
	"github.com/quirecampus/bookloop/internal/provider/stripepay"
)

type Orders interface {
	Insert(ctx context.Context, o *domain.Order) error
	Get(ctx context.Context, id string) (*domain.Order, error)
	MarkPaid(ctx context.Context, id, paymentIntentID string) error
	SetStatus(ctx context.Context, id string, st domain.OrderStatus) error
}

type Copies interface {
	PickListed(ctx context.Context, isbn, grade string, n int) ([]domain.InventoryCopy, error)
	Reserve(ctx context.Context, ids []string, orderID string) error
}

type Listings interface {
	Prices(ctx context.Context, copyIDs []string) (map[string]int64, error)
	DeactivateCopies(ctx context.Context, copyIDs []string) error
}

type Tickets interface {
	Insert(ctx context.Context, t *domain.PickTicket) error
}

type Students interface {
	Get(ctx context.Context, id string) (*domain.Student, error)
}

type Payments interface {
	Charge(ctx context.Context, req stripepay.ChargeRequest) (*stripe.PaymentIntent, error)
}

type Outbox interface {
	Add(ctx context.Context, taskType, queue string, payload any) error
}

type Notifications interface {
	Queue(ctx context.Context, studentID, template string, vars map[string]string) error
}

type TxRunner interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// Options wires the order service.
type Options struct {
	Orders   Orders
	Copies   Copies
	Listings Listings
	Tickets  Tickets
	Students Students
	Payments Payments
	Outbox   Outbox
	Notify   Notifications
	Tx       TxRunner

	// Locate returns the shelf code for a copy; defaults to bay by copy ID.
	Locate domain.ShelfLocator
	NewID  ids.Generator
	Now    func() time.Time
}

type Service struct{ o Options }

var _ app.OrderService = (*Service)(nil)

func New(o Options) *Service {
	if o.NewID == nil {
		o.NewID = ids.NewULID
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Locate == nil {
		o.Locate = func(copyID string) string {
			return fmt.Sprintf("B%02d", int(copyID[len(copyID)-1])%24)
		}
	}
	return &Service{o: o}
}

func (s *Service) Place(ctx context.Context, req app.PlaceOrder) (*domain.Order, error) {
	if len(req.Items) == 0 {
		return nil, app.Invalid("order has no items")
	}
	o := &domain.Order{ID: s.o.NewID(), BuyerID: req.BuyerID, Status: domain.OrderPlaced}

	err := s.o.Tx.InTx(ctx, func(ctx context.Context) error {
		var picked []string
		for _, it := range req.Items {
			if it.Quantity <= 0 {
				return app.Invalid("quantity must be positive")
			}
			copies, err := s.o.Copies.PickListed(ctx, it.ISBN, it.Grade, it.Quantity)
			if err != nil {
				return err
			}
			if len(copies) < it.Quantity {
				return app.Conflict(fmt.Sprintf("only %d %s copies of %s left", len(copies), it.Grade, it.ISBN))
			}
			for _, c := range copies {
				picked = append(picked, c.ID)
			}
		}
		prices, err := s.o.Listings.Prices(ctx, picked)
		if err != nil {
			return err
		}
		for _, id := range picked {
			price, ok := prices[id]
			if !ok {
				return app.Conflict("a copy was delisted while you were ordering")
			}
			o.Lines = append(o.Lines, &domain.OrderLine{ID: s.o.NewID(), OrderID: o.ID, CopyID: id, PriceCents: price})
			o.TotalCents += price
		}
		if err := s.o.Orders.Insert(ctx, o); err != nil {
			return err
		}
		if err := s.o.Copies.Reserve(ctx, picked, o.ID); err != nil {
			return err
		}
		if err := s.o.Listings.DeactivateCopies(ctx, picked); err != nil {
			return err
		}
		return s.o.Outbox.Add(ctx, queue.TypeOrderCharge, queue.QueueMoney, queue.OrderTask{OrderID: o.ID})
	})
	if err != nil {
		return nil, err
	}
	return o, nil
}

// Charge takes payment for a placed order with the buyer's saved card.
func (s *Service) Charge(ctx context.Context, orderID string) error {
	o, err := s.o.Orders.Get(ctx, orderID)
	if err != nil {
		return err
	}
	if o.Status != domain.OrderPlaced {
		return nil
	}
	buyer, err := s.o.Students.Get(ctx, o.BuyerID)
	if err != nil {
		return err
	}

	pi, err := s.o.Payments.Charge(ctx, stripepay.ChargeRequest{
		AmountCents:     o.TotalCents,
		CustomerID:      buyer.StripeCustomerID,
		PaymentMethodID: buyer.DefaultPMID,
		OrderID:         o.ID,
		Description:     "Bookloop order " + o.ID,
	})
	if err != nil {
		return fmt.Errorf("charge order %s: %w", o.ID, err)
	}

	return s.o.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.o.Orders.MarkPaid(ctx, o.ID, pi.ID); err != nil {
			return err
		}
		if err := s.o.Notify.Queue(ctx, o.BuyerID, "order_paid", map[string]string{"order_id": o.ID}); err != nil {
			return err
		}
		return s.o.Outbox.Add(ctx, queue.TypeOrderFulfil, queue.QueueDefault, queue.OrderTask{OrderID: o.ID})
	})
}

// StartFulfilment prints a pick ticket for a paid order.
func (s *Service) StartFulfilment(ctx context.Context, orderID string) error {
	o, err := s.o.Orders.Get(ctx, orderID)
	if err != nil {
		return err
	}
	if o.Status == domain.OrderCancelled {
		return nil
	}
	ticket := domain.NewPickTicket(o, s.o.Locate)
	return s.o.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.o.Tickets.Insert(ctx, ticket); err != nil {
			return err
		}
		if err := s.o.Orders.SetStatus(ctx, o.ID, domain.OrderPicking); err != nil {
			return err
		}
		return s.o.Notify.Queue(ctx, o.BuyerID, "order_packing", map[string]string{"order_id": o.ID})
	})
}
