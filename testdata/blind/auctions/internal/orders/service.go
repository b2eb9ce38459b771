// Package orders handles what happens to an order after the hammer falls:
// buyer payment, refunds, disputes and the effects of Stripe events.
package orders

import (
	"context"
	"errors"
	"fmt"

	"github.com/hammerline/auctions/internal/domain"
	"github.com/hammerline/auctions/internal/events"
	"github.com/hammerline/auctions/internal/payments/stripepay"
	"github.com/hammerline/auctions/internal/platform/ids"
	"github.com/hammerline/auctions/internal/platform/logx"
	"github.com/hammerline/auctions/internal/platform/pgdb"
	"github.com/hammerline/auctions/internal/store"
)

// OrderStore is the order persistence the service needs.
type OrderStore interface {
	Get(ctx context.Context, q pgdb.Querier, id string) (domain.Order, error)
	GetForUpdate(ctx context.Context, q pgdb.Querier, id string) (domain.Order, error)
	GetByPaymentIntent(ctx context.Context, q pgdb.Querier, piID string) (domain.Order, error)
	SetStatus(ctx context.Context, q pgdb.Querier, id string, s domain.OrderStatus) error
	AttachPaymentIntent(ctx context.Context, q pgdb.Querier, id, piID string, s domain.OrderStatus) error
	MarkPaid(ctx context.Context, q pgdb.Querier, id, piID string) error
	InsertDispute(ctx context.Context, q pgdb.Querier, d domain.Dispute) error
	InsertRefund(ctx context.Context, q pgdb.Querier, rf domain.Refund) error
	RefundedCents(ctx context.Context, q pgdb.Querier, id string) (int64, error)
}

// PaymentStore is the payment-attempt persistence the service needs.
type PaymentStore interface {
	OpenAttempt(ctx context.Context, q pgdb.Querier, a domain.PaymentAttempt) (domain.PaymentAttempt, error)
	FinishAttempt(ctx context.Context, q pgdb.Querier, opID, status, piID, failure string) error
	LogAttempt(ctx context.Context, q pgdb.Querier, opID, event, detail string) error
}

// Gateway is the card processor.
type Gateway interface {
	Charge(ctx context.Context, req stripepay.ChargeRequest, opts ...stripepay.CallOption) (stripepay.ChargeResult, error)
	Refund(ctx context.Context, req stripepay.RefundRequest, opts ...stripepay.CallOption) (string, error)
}

// AccountReader loads accounts.
type AccountReader interface {
	Get(ctx context.Context, q pgdb.Querier, id string) (domain.Account, error)
}

// LedgerWriter appends ledger entries.
type LedgerWriter interface {
	Append(ctx context.Context, q pgdb.Querier, entries ...domain.LedgerEntry) error
}

// Publisher publishes domain events.
type Publisher interface {
	Publish(ctx context.Context, subject, msgID string, v any) error
}

// SettlementSignaler tells the running settlement process that the buyer
// has paid.
type SettlementSignaler interface {
	SignalPaid(ctx context.Context, orderID, paymentIntentID string) error
}

// Service is the order API.
type Service interface {
	Get(ctx context.Context, id string) (domain.Order, error)
	Pay(ctx context.Context, buyerID, orderID, paymentMethodID string) (PayResult, error)
	Refund(ctx context.Context, orderID string, amountCents int64, reason string) (domain.Refund, error)
	OpenDispute(ctx context.Context, buyerID, orderID, category, details string) (domain.Dispute, error)
	ApplyPaymentSucceeded(ctx context.Context, q pgdb.Querier, piID string, amountCents int64) (domain.Order, error)
	ApplyRefunded(ctx context.Context, q pgdb.Querier, piID string, refundedTotal int64) error
	AnnouncePayment(ctx context.Context, o domain.Order) error
}

// PayResult tells the client what to do next.
type PayResult struct {
	OrderID         string `json:"order_id"`
	Status          string `json:"status"`
	PaymentIntentID string `json:"payment_intent_id,omitempty"`
	ClientSecret    string `json:"client_secret,omitempty"`
}

type service struct {
	db       pgdb.DB
	orders   OrderStore
	payments PaymentStore
	accounts AccountReader
	ledger   LedgerWriter
	gateway  Gateway
	pub      Publisher
	signal   SettlementSignaler
}

// NewService wires the order service.
func NewService(db pgdb.DB, o OrderStore, p PaymentStore, a AccountReader, l LedgerWriter, g Gateway, pub Publisher, sig SettlementSignaler) Service {
	return &service{db: db, orders: o, payments: p, accounts: a, ledger: l, gateway: g, pub: pub, signal: sig}
}

func (s *service) Get(ctx context.Context, id string) (domain.Order, error) {
	return s.orders.Get(ctx, s.db, id)
}

type openedAttempt struct {
	order   domain.Order
	attempt domain.PaymentAttempt
	done    bool
}

// Pay charges the buyer's chosen payment method. The attempt row is
// committed before Stripe is called and its op ID is the Stripe
// idempotency key, so a repeated request replays Stripe's first answer.
func (s *service) Pay(ctx context.Context, buyerID, orderID, paymentMethodID string) (PayResult, error) {
	opID := "pay:" + orderID + ":" + paymentMethodID
	op, err := pgdb.WithTx(ctx, s.db, func(q pgdb.Querier) (openedAttempt, error) {
		order, err := s.orders.GetForUpdate(ctx, q, orderID)
		if err != nil {
			return openedAttempt{}, err
		}
		if order.BuyerID != buyerID {
			return openedAttempt{}, domain.ErrForbidden
		}
		switch order.Status {
		case domain.OrderPaid, domain.OrderShipped, domain.OrderDelivered:
			return openedAttempt{order: order, done: true}, nil
		case domain.OrderAwaitingPayment, domain.OrderRequiresAction:
		default:
			return openedAttempt{}, fmt.Errorf("%w: order is %s", domain.ErrConflict, order.Status)
		}
		attempt, err := s.payments.OpenAttempt(ctx, q, domain.PaymentAttempt{
			OpID: opID, OrderID: order.ID, AmountCents: order.TotalCents,
		})
		if err != nil {
			return openedAttempt{}, err
		}
		if err := s.payments.LogAttempt(ctx, q, opID, "opened", paymentMethodID); err != nil {
			return openedAttempt{}, err
		}
		return openedAttempt{order: order, attempt: attempt}, nil
	})
	if err != nil {
		return PayResult{}, err
	}
	if op.done {
		return PayResult{OrderID: orderID, Status: string(op.order.Status), PaymentIntentID: op.order.PaymentIntentID}, nil
	}

	buyer, err := s.accounts.Get(ctx, s.db, buyerID)
	if err != nil {
		return PayResult{}, err
	}
	res, err := s.gateway.Charge(ctx, stripepay.ChargeRequest{
		CustomerID:      buyer.StripeCustomerID,
		PaymentMethodID: paymentMethodID,
		AmountCents:     op.attempt.AmountCents,
		Currency:        op.order.Currency,
		Description:     "Order " + orderID,
	}, stripepay.WithIdempotencyKey(op.attempt.OpID), stripepay.WithMetadata("order_id", orderID))
	if err != nil {
		code := "error"
		if errors.Is(err, stripepay.ErrCardDeclined) {
			code = "card_declined"
		}
		ferr := pgdb.Tx(ctx, s.db, func(q pgdb.Querier) error {
			if err := s.payments.FinishAttempt(ctx, q, opID, "failed", "", code); err != nil {
				return err
			}
			return s.payments.LogAttempt(ctx, q, opID, "failed", err.Error())
		})
		if ferr != nil {
			logx.From(ctx).Error("record failed attempt", "op", opID, "err", ferr)
		}
		return PayResult{}, err
	}

	status := domain.OrderAwaitingPayment
	if res.Status == "requires_action" {
		status = domain.OrderRequiresAction
	}
	err = pgdb.Tx(ctx, s.db, func(q pgdb.Querier) error {
		if err := s.payments.FinishAttempt(ctx, q, opID, res.Status, res.PaymentIntentID, ""); err != nil {
			return err
		}
		if err := s.payments.LogAttempt(ctx, q, opID, "stripe:"+res.Status, res.PaymentIntentID); err != nil {
			return err
		}
		return s.orders.AttachPaymentIntent(ctx, q, orderID, res.PaymentIntentID, status)
	})
	if err != nil {
		return PayResult{}, err
	}
	return PayResult{OrderID: orderID, Status: res.Status, PaymentIntentID: res.PaymentIntentID, ClientSecret: res.ClientSecret}, nil
}

// Refund returns money to the buyer.
func (s *service) Refund(ctx context.Context, orderID string, amountCents int64, reason string) (domain.Refund, error) {
	order, err := s.orders.Get(ctx, s.db, orderID)
	if err != nil {
		return domain.Refund{}, err
	}
	if order.PaymentIntentID == "" {
		return domain.Refund{}, fmt.Errorf("%w: order has no payment", domain.ErrConflict)
	}
	already, err := s.orders.RefundedCents(ctx, s.db, orderID)
	if err != nil {
		return domain.Refund{}, err
	}
	if amountCents <= 0 || already+amountCents > order.TotalCents {
		return domain.Refund{}, fmt.Errorf("%w: refund exceeds amount paid", domain.ErrInvalidInput)
	}
	stripeRefundID, err := s.gateway.Refund(ctx, stripepay.RefundRequest{
		PaymentIntentID: order.PaymentIntentID,
		AmountCents:     amountCents,
		Reason:          stripeReason(reason),
	}, stripepay.WithIdempotencyKey(ids.UUID()), stripepay.WithMetadata("order_id", orderID))
	if err != nil {
		return domain.Refund{}, err
	}
	rf := domain.Refund{
		ID:             "rfd_" + stripeRefundID,
		OrderID:        orderID,
		AmountCents:    amountCents,
		Reason:         reason,
		StripeRefundID: stripeRefundID,
	}
	err = pgdb.Tx(ctx, s.db, func(q pgdb.Querier) error {
		if err := s.orders.InsertRefund(ctx, q, rf); err != nil {
			return err
		}
		if already+amountCents == order.TotalCents {
			return s.orders.SetStatus(ctx, q, orderID, domain.OrderRefunded)
		}
		return nil
	})
	return rf, err
}

func stripeReason(r string) string {
	switch r {
	case "duplicate", "fraudulent", "requested_by_customer":
		return r
	default:
		return "requested_by_customer"
	}
}

var disputeCategories = map[string]bool{
	"not_received": true, "not_as_described": true, "damaged": true, "counterfeit": true,
}

// OpenDispute files a buyer complaint. An order may carry several
// disputes, one per problem the buyer reports.
func (s *service) OpenDispute(ctx context.Context, buyerID, orderID, category, details string) (domain.Dispute, error) {
	if !disputeCategories[category] {
		return domain.Dispute{}, fmt.Errorf("%w: unknown category %q", domain.ErrInvalidInput, category)
	}
	return pgdb.WithTx(ctx, s.db, func(q pgdb.Querier) (domain.Dispute, error) {
		order, err := s.orders.GetForUpdate(ctx, q, orderID)
		if err != nil {
			return domain.Dispute{}, err
		}
		if order.BuyerID != buyerID {
			return domain.Dispute{}, domain.ErrForbidden
		}
		switch order.Status {
		case domain.OrderPaid, domain.OrderShipped, domain.OrderDelivered, domain.OrderDisputed:
		default:
			return domain.Dispute{}, fmt.Errorf("%w: order is %s", domain.ErrConflict, order.Status)
		}
		d := domain.Dispute{
			ID:       "dsp_" + ids.UUID(),
			OrderID:  orderID,
			OpenedBy: buyerID,
			Category: category,
			Details:  details,
			Status:   "open",
		}
		if err := s.orders.InsertDispute(ctx, q, d); err != nil {
			return domain.Dispute{}, err
		}
		if err := s.orders.SetStatus(ctx, q, orderID, domain.OrderDisputed); err != nil {
			return domain.Dispute{}, err
		}
		return d, nil
	})
}

// ApplyPaymentSucceeded books a successful payment. It runs on the
// caller's Querier.
func (s *service) ApplyPaymentSucceeded(ctx context.Context, q pgdb.Querier, piID string, amountCents int64) (domain.Order, error) {
	order, err := s.orders.GetByPaymentIntent(ctx, q, piID)
	if err != nil {
		return domain.Order{}, err
	}
	if err := s.orders.MarkPaid(ctx, q, order.ID, piID); err != nil {
		return domain.Order{}, err
	}
	entries := store.Move(order.ID, domain.AcctStripeClearing, domain.AcctBuyerReceivable, amountCents, "payment "+piID)
	if err := s.ledger.Append(ctx, q, entries...); err != nil {
		return domain.Order{}, err
	}
	order.Status = domain.OrderPaid
	return order, nil
}

// ApplyRefunded books a refund reported by Stripe.
func (s *service) ApplyRefunded(ctx context.Context, q pgdb.Querier, piID string, refundedTotal int64) error {
	order, err := s.orders.GetByPaymentIntent(ctx, q, piID)
	if err != nil {
		return err
	}
	booked, err := s.orders.RefundedCents(ctx, q, order.ID)
	if err != nil {
		return err
	}
	if delta := refundedTotal - booked; delta > 0 {
		entries := store.Move(order.ID, domain.AcctBuyerReceivable, domain.AcctStripeClearing, delta, "refund "+piID)
		return s.ledger.Append(ctx, q, entries...)
	}
	return nil
}

// AnnouncePayment publishes PaymentCaptured and wakes the settlement.
func (s *service) AnnouncePayment(ctx context.Context, o domain.Order) error {
	ev := events.PaymentCaptured{OrderID: o.ID, PaymentIntentID: o.PaymentIntentID, AmountCents: o.TotalCents}
	if err := s.pub.Publish(ctx, events.SubjectPaymentDone, "pi."+o.PaymentIntentID, ev); err != nil {
		return err
	}
	return s.signal.SignalPaid(ctx, o.ID, o.PaymentIntentID)
}
