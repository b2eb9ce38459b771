package domain

import "time"

// OrderStatus tracks an order from hammer to delivery.
type OrderStatus string

const (
	OrderAwaitingPayment OrderStatus = "awaiting_payment"
	OrderRequiresAction  OrderStatus = "requires_action"
	OrderPaid            OrderStatus = "paid"
	OrderShipped         OrderStatus = "shipped"
	OrderDelivered       OrderStatus = "delivered"
	OrderDisputed        OrderStatus = "disputed"
	OrderRefunded        OrderStatus = "refunded"
)

// Order is the sale created when a lot closes with a winner.
type Order struct {
	ID              string      `json:"id"`
	LotID           string      `json:"lot_id"`
	BuyerID         string      `json:"buyer_id"`
	SellerID        string      `json:"seller_id"`
	Currency        string      `json:"currency"`
	HammerCents     int64       `json:"hammer_cents"`
	PremiumCents    int64       `json:"premium_cents"`
	ShippingCents   int64       `json:"shipping_cents"`
	TotalCents      int64       `json:"total_cents"`
	Status          OrderStatus `json:"status"`
	PaymentIntentID string      `json:"payment_intent_id,omitempty"`
	CreatedAt       time.Time   `json:"created_at"`
}

// Account is a buyer, seller or both.
type Account struct {
	ID                   string
	Email                string
	Phone                string
	DisplayName          string
	StripeCustomerID     string
	DefaultPaymentMethod string
	StripeAccountID      string
	WebhookURL           string
	WebhookSecret        string
	ShipTo               Address
}

// Address is a postal address.
type Address struct {
	Name     string `json:"name"`
	Line1    string `json:"line1"`
	City     string `json:"city"`
	Postcode string `json:"postcode"`
	Country  string `json:"country"`
}

// PaymentAttempt is the durable record of an intent to charge.
type PaymentAttempt struct {
	OpID            string
	OrderID         string
	AmountCents     int64
	Status          string
	PaymentIntentID string
}

// Refund records money returned to a buyer.
type Refund struct {
	ID             string    `json:"id"`
	OrderID        string    `json:"order_id"`
	AmountCents    int64     `json:"amount_cents"`
	Reason         string    `json:"reason"`
	StripeRefundID string    `json:"stripe_refund_id"`
	CreatedAt      time.Time `json:"created_at"`
}

// Dispute is a buyer complaint about an order.
type Dispute struct {
	ID        string    `json:"id"`
	OrderID   string    `json:"order_id"`
	OpenedBy  string    `json:"opened_by"`
	Category  string    `json:"category"`
	Details   string    `json:"details"`
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"created_at"`
}

// LedgerEntry is one side of a money movement.
type LedgerEntry struct {
	OrderID     string
	Account     string
	Direction   string
	AmountCents int64
	Memo        string
}

// Ledger account names.
const (
	AcctBuyerReceivable = "buyer_receivable"
	AcctPlatformFees    = "platform_fees"
	AcctSellerEscrow    = "seller_escrow"
	AcctSellerAvailable = "seller_available"
	AcctStripeClearing  = "stripe_clearing"
)

// Shipment is a purchased shipping label for an order.
type Shipment struct {
	ID             string    `json:"id"`
	OrderID        string    `json:"order_id"`
	CarrierLabelID string    `json:"carrier_label_id"`
	TrackingNumber string    `json:"tracking_number"`
	ServiceLevel   string    `json:"service_level"`
	LabelURL       string    `json:"label_url"`
	RateCents      int64     `json:"rate_cents"`
	Status         string    `json:"status"`
	CreatedAt      time.Time `json:"created_at"`
}
