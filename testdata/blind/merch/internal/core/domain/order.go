package domain

import (
	"time"

	"github.com/google/uuid"
)

type OrderStatus string

const (
	OrderPendingAuthorization OrderStatus = "pending_authorization"
	OrderAuthorized           OrderStatus = "authorized"
	OrderSubmitted            OrderStatus = "submitted"
	OrderShipped              OrderStatus = "shipped"
	OrderDelivered            OrderStatus = "delivered"
	OrderCancelled            OrderStatus = "cancelled"
	OrderExpired              OrderStatus = "expired"
	OrderFailed               OrderStatus = "failed"
)

// Open reports whether the order can still be changed by the fan.
func (s OrderStatus) Open() bool {
	switch s {
	case OrderPendingAuthorization, OrderAuthorized, OrderSubmitted:
		return true
	}
	return false
}

type ItemStatus string

const (
	ItemActive   ItemStatus = "active"
	ItemRemoved  ItemStatus = "removed"
	ItemVoid     ItemStatus = "void"
	ItemRefunded ItemStatus = "refunded"
	ItemShipped  ItemStatus = "shipped"
	ItemReturned ItemStatus = "returned"
)

type Address struct {
	Name     string `json:"name"`
	Line1    string `json:"line1"`
	Line2    string `json:"line2,omitempty"`
	City     string `json:"city"`
	Region   string `json:"region,omitempty"`
	Postcode string `json:"postcode"`
	Country  string `json:"country"`
}

func (a Address) Validate() error {
	switch {
	case a.Name == "":
		return Invalid("shipping_address.name", "required")
	case a.Line1 == "":
		return Invalid("shipping_address.line1", "required")
	case a.City == "":
		return Invalid("shipping_address.city", "required")
	case len(a.Country) != 2:
		return Invalid("shipping_address.country", "must be an ISO 3166-1 alpha-2 code")
	}
	return nil
}

type Order struct {
	ID               uuid.UUID
	IdempotencyKey   string
	RequestHash      string
	TourID           uuid.UUID
	FanEmail         string
	FanName          string
	StripeCustomerID string
	Currency         string
	TotalCents       int64
	CapturedCents    int64
	Status           OrderStatus
	PaymentIntentID  string
	AuthorizedAt     *time.Time
	AuthExpiresAt    *time.Time
	CapturedAt       *time.Time
	ShippingAddress  Address
	ExpectedShipDate *time.Time
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// Captured reports whether money has moved for this order.
func (o Order) Captured() bool { return o.CapturedCents > 0 }

// WarehouseRef is the reference the warehouse partner knows the order by.
func (o Order) WarehouseRef() string { return "MLP-" + o.ID.String() }

type OrderItem struct {
	ID             uuid.UUID
	OrderID        uuid.UUID
	ProductID      uuid.UUID
	ArtistID       uuid.UUID
	SKU            string
	Quantity       int32
	UnitPriceCents int64
	Status         ItemStatus
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

func (i OrderItem) LineTotal() int64 { return i.UnitPriceCents * int64(i.Quantity) }

// ActiveTotal sums the lines that will be captured at ship time.
func ActiveTotal(items []OrderItem) int64 {
	var total int64
	for _, it := range items {
		if it.Status == ItemActive || it.Status == ItemShipped {
			total += it.LineTotal()
		}
	}
	return total
}

// LineRequest is one line of a fan's pre-order.
type LineRequest struct {
	SKU      string `json:"sku"`
	Quantity int32  `json:"quantity"`
}

type PlaceOrderInput struct {
	IdempotencyKey  string
	TourID          uuid.UUID
	FanEmail        string
	FanName         string
	Currency        string
	Lines           []LineRequest
	ShippingAddress Address
}

type PlaceOrderResult struct {
	Order        Order
	Items        []OrderItem
	ClientSecret string
}
