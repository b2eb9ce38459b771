// Package shop takes orders: it reserves stock and records the order
// in one transaction, then authorises the payment under the order's
// key and stores what the processor answers.
package shop

import (
	"context"
	"database/sql"
	"net/http"

	"example.com/wiredoutcome/pay"
)

// Stock takes stock in a transaction.
type Stock interface {
	Take(ctx context.Context, tx *sql.Tx, sku string, n int) error
}

// Orders records orders.
type Orders interface {
	Create(ctx context.Context, tx *sql.Tx, id string) error
	SetToken(ctx context.Context, id, token string) error
	SetNote(ctx context.Context, id, note string) error
}

// Authoriser authorises payments.
type Authoriser interface {
	Authorise(ctx context.Context, key string, amount int64) (*pay.Receipt, error)
}

// Shop takes orders; main wires it.
type Shop struct {
	DB     *sql.DB
	Stock  Stock
	Orders Orders
	Pay    Authoriser
}

func (s *Shop) reserve(ctx context.Context, id, sku string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := s.Stock.Take(ctx, tx, sku, 1); err != nil {
		return err
	}
	if err := s.Orders.Create(ctx, tx, id); err != nil {
		return err
	}
	return tx.Commit()
}

// Checkout reserves and records the order, then stores the card's
// token the processor answers: that write records the payment's
// outcome, which can only follow it.
func (s *Shop) Checkout(w http.ResponseWriter, r *http.Request) {
	ctx, id := r.Context(), r.FormValue("order")
	if err := s.reserve(ctx, id, r.FormValue("sku")); err != nil {
		return
	}
	rcpt, err := s.Pay.Authorise(ctx, "order-"+id, 100)
	if err != nil {
		return
	}
	s.Orders.SetToken(ctx, id, rcpt.Token())
}

// CheckoutNoted notes the order on the database after the transaction:
// a write of its own, apart from the stock it took.
func (s *Shop) CheckoutNoted(w http.ResponseWriter, r *http.Request) {
	ctx, id := r.Context(), r.FormValue("order")
	if err := s.reserve(ctx, id, r.FormValue("sku")); err != nil {
		return
	}
	s.Orders.SetNote(ctx, id, "reserved")
}
