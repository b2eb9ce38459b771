// Package orders turns holds into orders, takes payment and sells add-ons.
package orders

import (
	"context"
	"time"

	"github.com/stagepass/ticketing/internal/apperr"
	"github.com/stagepass/ticketing/internal/db"
	"github.com/stagepass/ticketing/internal/idgen"
	"github.com/stagepass/ticketing/internal/jobs"
	"github.com/stagepass/ticketing/internal/payments"
	"github.com/stagepass/ticketing/internal/store"
)

// Service is consumed by the public API.
type Service interface {
	PlaceOrder(ctx context.Context, in PlaceOrderInput) (OrderView, error)
	CaptureOrder(ctx context.Context, fanID, orderID string) (OrderView, error)
	AddAddon(ctx context.Context, in AddAddonInput) (OrderView, error)
}

type PlaceOrderInput struct {
	FanID  string
	HoldID string
}

type AddAddonInput struct {
	FanID    string
	OrderID  string
	SKU      string
	Quantity int32
}

type OrderView struct {
	OrderID         string `json:"order_id"`
	Status          string `json:"status"`
	TotalCents      int64  `json:"total_cents"`
	AddonsCents     int64  `json:"addons_cents"`
	Currency        string `json:"currency"`
	PaymentIntentID string `json:"payment_intent_id,omitempty"`
	ClientSecret    string `json:"client_secret,omitempty"`
}

// Pricer computes booking fees.
type Pricer interface {
	BookingFee(subtotalCents int64) int64
}

// BpsPricer charges a fee in basis points of the subtotal.
type BpsPricer struct{ Bps int64 }

func (p BpsPricer) BookingFee(subtotal int64) int64 { return subtotal * p.Bps / 10000 }

// Deps bundles the service's collaborators.
type Deps struct {
	Tx      store.TxRunner
	Q       db.Querier
	IDs     idgen.Generator
	Gateway payments.Gateway
	Jobs    jobs.Inserter
	Pricer  Pricer
	Catalog AddonCatalog
	Now     func() time.Time
}

type service struct{ Deps }

func NewService(d Deps) Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Catalog == nil {
		d.Catalog = DefaultCatalog
	}
	return &service{d}
}

func view(o db.Order) OrderView {
	v := OrderView{
		OrderID: o.ID, Status: o.Status, TotalCents: o.TotalCents,
		AddonsCents: o.AddonsCents, Currency: o.Currency,
	}
	if o.PaymentIntentID != nil {
		v.PaymentIntentID = *o.PaymentIntentID
	}
	return v
}

func (s *service) PlaceOrder(ctx context.Context, in PlaceOrderInput) (OrderView, error) {
	var order db.Order
	err := s.Tx.InTx(ctx, func(q db.Querier) error {
		h, err := q.GetHoldForUpdate(ctx, in.HoldID)
		if store.IsNotFound(err) {
			return apperr.NotFound("hold %s not found", in.HoldID)
		}
		if err != nil {
			return err
		}
		if h.FanID != in.FanID {
			return apperr.Forbidden("hold belongs to another fan")
		}
		switch h.Status {
		case "converted":
			order, err = q.GetOrderByHold(ctx, h.ID)
			return err
		case "active":
			if h.ExpiresAt.Before(s.Now()) {
				return apperr.Gone("hold %s has expired", h.ID)
			}
		default:
			return apperr.Gone("hold %s is %s", h.ID, h.Status)
		}
		ev, err := q.GetEvent(ctx, h.EventID)
		if err != nil {
			return err
		}
		seats, err := q.ListHoldSeats(ctx, h.ID)
		if err != nil {
			return err
		}
		var subtotal int64
		for _, st := range seats {
			subtotal += st.PriceCents
		}
		fee := s.Pricer.BookingFee(subtotal)
		if _, err := q.InsertOrderFromHold(ctx, db.InsertOrderFromHoldParams{
			ID:            s.IDs.New(),
			HoldID:        h.ID,
			EventID:       h.EventID,
			FanID:         h.FanID,
			Currency:      ev.Currency,
			SubtotalCents: subtotal,
			FeesCents:     fee,
			TotalCents:    subtotal + fee,
		}); err != nil {
			return err
		}
		if err := q.SetHoldStatus(ctx, h.ID, "converted"); err != nil {
			return err
		}
		order, err = q.GetOrderByHold(ctx, h.ID)
		return err
	})
	if err != nil {
		return OrderView{}, err
	}

	if order.PaymentIntentID != nil {
		intent, err := s.Gateway.GetPaymentIntent(ctx, *order.PaymentIntentID)
		if err != nil {
			return OrderView{}, err
		}
		v := view(order)
		v.ClientSecret = intent.ClientSecret
		return v, nil
	}

	intent, err := s.Gateway.CreatePaymentIntent(ctx, payments.IntentRequest{
		AmountCents: order.TotalCents,
		Currency:    order.Currency,
		Description: "StagePass order " + order.ID,
		Manual:      true,
	}, payments.WithMetadata(map[string]string{"order_id": order.ID, "hold_id": order.HoldID}))
	if err != nil {
		return OrderView{}, err
	}
	if err := s.Q.SetOrderPaymentIntent(ctx, order.ID, intent.ID); err != nil {
		return OrderView{}, err
	}
	order.PaymentIntentID = &intent.ID
	v := view(order)
	v.ClientSecret = intent.ClientSecret
	return v, nil
}
