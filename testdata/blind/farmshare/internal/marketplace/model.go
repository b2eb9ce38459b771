// Package marketplace sells add-on products (eggs, bread, honey...) that
// ride along with a member's weekly box.
package marketplace

import (
	"errors"
	"time"
)

// Order statuses.
const (
	OrderPaid      = "paid"
	OrderCancelled = "cancelled"
	OrderFulfilled = "fulfilled"
)

// Product is an add-on for sale.
type Product struct {
	Code       string `db:"code" json:"code"`
	Name       string `db:"name" json:"name"`
	PriceCents int64  `db:"price_cents" json:"price_cents"`
	Stock      int    `db:"stock" json:"stock"`
	Active     bool   `db:"active" json:"active"`
}

// Order is a paid add-on order.
type Order struct {
	ID          string     `db:"id" json:"id"`
	MemberID    string     `db:"member_id" json:"member_id"`
	ClientKey   string     `db:"client_key" json:"-"`
	WeekStart   time.Time  `db:"week_start" json:"week_start"`
	TotalCents  int64      `db:"total_cents" json:"total_cents"`
	Status      string     `db:"status" json:"status"`
	ChargeID    string     `db:"charge_id" json:"charge_id"`
	CreatedAt   time.Time  `db:"created_at" json:"created_at"`
	CancelledAt *time.Time `db:"cancelled_at" json:"cancelled_at,omitempty"`
	Lines       []Line     `db:"-" json:"lines"`
}

// Line is one product on an order.
type Line struct {
	OrderID     string     `db:"order_id" json:"-"`
	ProductCode string     `db:"product_code" json:"product_code"`
	Quantity    int        `db:"quantity" json:"quantity"`
	PriceCents  int64      `db:"price_cents" json:"price_cents"`
	CancelledAt *time.Time `db:"cancelled_at" json:"cancelled_at,omitempty"`
	RefundID    *string    `db:"refund_id" json:"refund_id,omitempty"`
}

// Amount is the line total.
func (l Line) Amount() int64 { return l.PriceCents * int64(l.Quantity) }

// Fulfilment ties a paid order to the box it will be packed into.
type Fulfilment struct {
	OrderID   string    `db:"order_id"`
	BoxID     string    `db:"box_id"`
	WeekStart time.Time `db:"week_start"`
	CreatedAt time.Time `db:"created_at"`
}

// OrderRequest is the body of POST /members/:id/addons/orders.
type OrderRequest struct {
	WeekStart string `json:"week_start"`
	Lines     []struct {
		ProductCode string `json:"product_code"`
		Quantity    int    `json:"quantity"`
	} `json:"lines"`
}

// Validate checks the order.
func (r OrderRequest) Validate() error {
	if _, err := time.Parse("2006-01-02", r.WeekStart); err != nil {
		return errors.New("week_start must be YYYY-MM-DD")
	}
	if len(r.Lines) == 0 || len(r.Lines) > 20 {
		return errors.New("between 1 and 20 lines")
	}
	for _, l := range r.Lines {
		if l.ProductCode == "" || l.Quantity <= 0 || l.Quantity > 12 {
			return errors.New("each line needs product_code and a quantity from 1 to 12")
		}
	}
	return nil
}

// CancelLineRequest is the body of POST .../orders/:id/cancel.
type CancelLineRequest struct {
	ProductCode string `json:"product_code"`
}

// Validate checks the request.
func (r CancelLineRequest) Validate() error {
	if r.ProductCode == "" {
		return errors.New("product_code is required")
	}
	return nil
}
