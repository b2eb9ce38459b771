// Package domain holds the ancillaries model and the repository contracts
// implemented by the storage adapters.
package domain

import (
	"database/sql"
	"time"
)

// Product is the kind of ancillary sold against a booking.
type Product string

const (
	ProductSeat     Product = "seat"
	ProductBaggage  Product = "baggage"
	ProductLounge   Product = "lounge"
	ProductMeal     Product = "meal"
	ProductGoodwill Product = "goodwill"
)

// OrderStatus tracks the payment lifecycle of an ancillary order.
type OrderStatus string

const (
	OrderPendingPayment OrderStatus = "pending_payment"
	OrderPaid           OrderStatus = "paid"
	OrderPaymentFailed  OrderStatus = "payment_failed"
	OrderExpired        OrderStatus = "expired"
	OrderCancelled      OrderStatus = "cancelled"
)

// ItemStatus tracks fulfilment of a single ancillary.
type ItemStatus string

const (
	ItemPending       ItemStatus = "pending"
	ItemPaid          ItemStatus = "paid"
	ItemIssued        ItemStatus = "issued"
	ItemRefundPending ItemStatus = "refund_pending"
	ItemRefunded      ItemStatus = "refunded"
	ItemCredited      ItemStatus = "credited"
	ItemUsed          ItemStatus = "used"
	ItemExpired       ItemStatus = "expired"
)

// Order is one purchase of one or more ancillaries for a passenger on a booking.
type Order struct {
	ID              string         `db:"id"`
	PNR             string         `db:"pnr"`
	PassengerRef    string         `db:"passenger_ref"`
	FlightID        string         `db:"flight_id"`
	Product         Product        `db:"product"`
	Status          OrderStatus    `db:"status"`
	Currency        string         `db:"currency"`
	TotalAmount     int64          `db:"total_amount"`
	AmountPaid      int64          `db:"amount_paid"`
	RefundedAmount  int64          `db:"refunded_amount"`
	PaymentIntentID sql.NullString `db:"payment_intent_id"`
	NaturalKey      sql.NullString `db:"natural_key"`
	ContactEmail    string         `db:"contact_email"`
	ContactPhone    string         `db:"contact_phone"`
	LoyaltyNumber   sql.NullString `db:"loyalty_number"`
	CreatedAt       time.Time      `db:"created_at"`
	UpdatedAt       time.Time      `db:"updated_at"`
}

// HasPaymentIntent reports whether a Stripe PaymentIntent was attached.
func (o Order) HasPaymentIntent() bool {
	return o.PaymentIntentID.Valid && o.PaymentIntentID.String != ""
}

// OutstandingAmount is what is still to be collected.
func (o Order) OutstandingAmount() int64 {
	return o.TotalAmount - o.AmountPaid
}

// OrderItem is a single sellable ancillary inside an order.
type OrderItem struct {
	ID           string         `db:"id"`
	OrderID      string         `db:"order_id"`
	Product      Product        `db:"product"`
	Code         string         `db:"code"`
	Description  string         `db:"description"`
	FlightID     string         `db:"flight_id"`
	ServiceDate  time.Time      `db:"service_date"`
	Quantity     int            `db:"quantity"`
	Amount       int64          `db:"amount"`
	Currency     string         `db:"currency"`
	Status       ItemStatus     `db:"status"`
	Refundable   bool           `db:"refundable"`
	EMDNumber    sql.NullString `db:"emd_number"`
	PassengerRef string         `db:"passenger_ref"`
	CreatedAt    time.Time      `db:"created_at"`
}

// PaymentProfile is the saved Stripe customer and card captured at booking time.
type PaymentProfile struct {
	PNR             string    `db:"pnr"`
	StripeCustomer  string    `db:"stripe_customer_id"`
	PaymentMethodID string    `db:"payment_method_id"`
	Currency        string    `db:"currency"`
	ContactEmail    string    `db:"contact_email"`
	ContactPhone    string    `db:"contact_phone"`
	UpdatedAt       time.Time `db:"updated_at"`
}

// SeatHold reserves a seat for a passenger while they pay.
type SeatHold struct {
	ID           string    `db:"id"`
	FlightID     string    `db:"flight_id"`
	SeatNumber   string    `db:"seat_no"`
	PNR          string    `db:"pnr"`
	PassengerRef string    `db:"passenger_ref"`
	Status       string    `db:"status"`
	ExpiresAt    time.Time `db:"expires_at"`
	CreatedAt    time.Time `db:"created_at"`
}

// Refund is a request to return money for one order item.
type Refund struct {
	ID             string         `db:"id"`
	OrderID        string         `db:"order_id"`
	OrderItemID    string         `db:"order_item_id"`
	Amount         int64          `db:"amount"`
	Currency       string         `db:"currency"`
	Reason         string         `db:"reason"`
	Status         string         `db:"status"`
	StripeRefundID sql.NullString `db:"stripe_refund_id"`
	CreatedAt      time.Time      `db:"created_at"`
	UpdatedAt      time.Time      `db:"updated_at"`
}

// TravelCredit is issued for non-refundable ancillaries when a booking is cancelled.
type TravelCredit struct {
	ID        string    `db:"id"`
	PNR       string    `db:"pnr"`
	Passenger string    `db:"passenger_ref"`
	Amount    int64     `db:"amount"`
	Currency  string    `db:"currency"`
	ItemCount int       `db:"item_count"`
	ExpiresAt time.Time `db:"expires_at"`
	CreatedAt time.Time `db:"created_at"`
}
