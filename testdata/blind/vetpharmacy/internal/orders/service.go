// Package orders owns orders, checkout and refunds.
package orders

import (
	"context"

	"github.com/kestrelvet/refillrx/internal/db"
	"github.com/kestrelvet/refillrx/internal/payments"
	"github.com/kestrelvet/refillrx/internal/store"
)

const (
	StatusAwaitingPayment   = "awaiting_payment"
	StatusPaymentProcessing = "payment_processing"
	StatusPaid              = "paid"
	StatusPicking           = "picking"
	StatusDispensed         = "dispensed"
	StatusShipped           = "shipped"
	StatusDelivered         = "delivered"
	StatusRefunded          = "refunded"
)

type Repository interface {
	Create(ctx context.Context, o db.InsertOrderParams, lines []db.InsertOrderLineParams) error
	Get(ctx context.Context, id string) (db.Order, error)
	Lines(ctx context.Context, orderID string) ([]db.OrderLine, error)
	Transition(ctx context.Context, id, from, to string) (bool, error)
	Reserve(ctx context.Context, productID string, qty int32) (bool, error)
	Product(ctx context.Context, id string) (db.Product, error)
	Owner(ctx context.Context, id string) (db.Owner, error)
	SetStripeCustomer(ctx context.Context, ownerID, customerID string) error
}

type PaymentRepository interface {
	RecordAttempt(ctx context.Context, p db.InsertPaymentAttemptParams) error
	Upsert(ctx context.Context, p db.UpsertPaymentParams) error
	ByOrder(ctx context.Context, orderID string) (db.Payment, error)
	AddRefunded(ctx context.Context, paymentID string, amount int64) error
	InsertRefund(ctx context.Context, p db.InsertRefundParams) error
	Ledger(ctx context.Context, p db.InsertLedgerEntryParams) error
}

type Service struct {
	tx       store.Transactor
	orders   Repository
	payments PaymentRepository
	gateway  payments.Gateway
	currency string
}

func NewService(tx store.Transactor, orders Repository, pr PaymentRepository, gw payments.Gateway) *Service {
	return &Service{tx: tx, orders: orders, payments: pr, gateway: gw, currency: "gbp"}
}

func (s *Service) Get(ctx context.Context, id string) (db.Order, error) {
	return s.orders.Get(ctx, id)
}

func shipTo(o db.Owner) func(*db.InsertOrderParams) {
	return func(p *db.InsertOrderParams) {
		p.ShipName = o.FullName
		p.ShipLine1 = o.AddressLine1
		p.ShipLine2 = o.AddressLine2
		p.ShipCity = o.AddressCity
		p.ShipPostcode = o.AddressPostcode
	}
}
