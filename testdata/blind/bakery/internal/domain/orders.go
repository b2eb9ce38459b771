package domain

import (
	"time"

	"github.com/google/uuid"
)

// PaymentMethod is how a customer settles invoices.
type PaymentMethod string

const (
	PayDirectDebit  PaymentMethod = "direct_debit"
	PayCard         PaymentMethod = "card"
	PayBankTransfer PaymentMethod = "bank_transfer"
)

// Customer is a café or grocer account.
type Customer struct {
	ID               uuid.UUID     `db:"id" json:"id"`
	AccountCode      string        `db:"account_code" json:"account_code"`
	Name             string        `db:"name" json:"name"`
	Kind             string        `db:"kind" json:"kind"`
	BillingEmail     string        `db:"billing_email" json:"billing_email"`
	PaymentMethod    PaymentMethod `db:"payment_method" json:"payment_method"`
	DDMandateID      *string       `db:"dd_mandate_id" json:"dd_mandate_id,omitempty"`
	CardCustomerRef  *string       `db:"card_customer_ref" json:"card_customer_ref,omitempty"`
	PaymentTermsDays int           `db:"payment_terms_days" json:"payment_terms_days"`
	VanCode          string        `db:"van_code" json:"van_code"`
	Active           bool          `db:"active" json:"active"`
	CreatedAt        time.Time     `db:"created_at" json:"created_at"`
}

// Product is a baked line item.
type Product struct {
	ID                uuid.UUID `db:"id" json:"id"`
	SKU               string    `db:"sku" json:"sku"`
	Name              string    `db:"name" json:"name"`
	UnitPricePence    int       `db:"unit_price_pence" json:"unit_price_pence"`
	FlourCode         string    `db:"flour_code" json:"flour_code"`
	FlourGramsPerUnit int       `db:"flour_grams_per_unit" json:"flour_grams_per_unit"`
	BakeLeadDays      int       `db:"bake_lead_days" json:"bake_lead_days"`
	Active            bool      `db:"active" json:"active"`
}

// OrderStatus tracks an order through production and delivery.
type OrderStatus string

const (
	OrderPlaced         OrderStatus = "placed"
	OrderInProduction   OrderStatus = "in_production"
	OrderOutForDelivery OrderStatus = "out_for_delivery"
	OrderDelivered      OrderStatus = "delivered"
	OrderInvoiced       OrderStatus = "invoiced"
	OrderCancelled      OrderStatus = "cancelled"
	OrderFailed         OrderStatus = "failed"
)

// Order is one delivery's worth of goods for one customer.
type Order struct {
	ID              uuid.UUID   `db:"id" json:"id"`
	CustomerID      uuid.UUID   `db:"customer_id" json:"customer_id"`
	StandingOrderID *uuid.UUID  `db:"standing_order_id" json:"standing_order_id,omitempty"`
	Source          string      `db:"source" json:"source"`
	DeliveryDate    time.Time   `db:"delivery_date" json:"delivery_date"`
	Status          OrderStatus `db:"status" json:"status"`
	CustomerRef     string      `db:"customer_ref" json:"customer_ref"`
	Notes           string      `db:"notes" json:"notes"`
	CreatedAt       time.Time   `db:"created_at" json:"created_at"`
	Lines           []OrderLine `db:"-" json:"lines"`
}

// OrderLine is a product and quantity on an order.
type OrderLine struct {
	OrderID        uuid.UUID `db:"order_id" json:"-"`
	ProductID      uuid.UUID `db:"product_id" json:"product_id"`
	Quantity       int       `db:"quantity" json:"quantity"`
	UnitPricePence int       `db:"unit_price_pence" json:"unit_price_pence"`
}

// TotalPence sums the order lines.
func (o Order) TotalPence() int {
	total := 0
	for _, l := range o.Lines {
		total += l.Quantity * l.UnitPricePence
	}
	return total
}

// StandingOrder repeats an order on the given weekdays (1 = Monday).
type StandingOrder struct {
	ID         uuid.UUID           `db:"id" json:"id"`
	CustomerID uuid.UUID           `db:"customer_id" json:"customer_id"`
	Weekdays   []int16             `db:"-" json:"weekdays"`
	StartsOn   time.Time           `db:"starts_on" json:"starts_on"`
	EndsOn     *time.Time          `db:"ends_on" json:"ends_on,omitempty"`
	Status     string              `db:"status" json:"status"`
	Notes      string              `db:"notes" json:"notes"`
	CreatedAt  time.Time           `db:"created_at" json:"created_at"`
	Lines      []StandingOrderLine `db:"-" json:"lines"`
}

// StandingOrderLine is a product and quantity on a standing order.
type StandingOrderLine struct {
	StandingOrderID uuid.UUID `db:"standing_order_id" json:"-"`
	ProductID       uuid.UUID `db:"product_id" json:"product_id"`
	Quantity        int       `db:"quantity" json:"quantity"`
}

// RunsOn reports whether the standing order delivers on day.
func (s StandingOrder) RunsOn(day time.Time) bool {
	if s.Status != "active" || day.Before(s.StartsOn) {
		return false
	}
	if s.EndsOn != nil && day.After(*s.EndsOn) {
		return false
	}
	wd := int16(day.Weekday())
	if wd == 0 {
		wd = 7
	}
	for _, d := range s.Weekdays {
		if d == wd {
			return true
		}
	}
	return false
}

// ProductionItem is one order's contribution to a bake day.
type ProductionItem struct {
	ID        uuid.UUID `db:"id"`
	BakeDate  time.Time `db:"bake_date"`
	ProductID uuid.UUID `db:"product_id"`
	OrderID   uuid.UUID `db:"order_id"`
	Quantity  int       `db:"quantity"`
}

// Supplier is a flour mill.
type Supplier struct {
	ID             uuid.UUID `db:"id" json:"id"`
	Name           string    `db:"name" json:"name"`
	MillAccountRef string    `db:"mill_account_ref" json:"mill_account_ref"`
	LeadTimeDays   int       `db:"lead_time_days" json:"lead_time_days"`
}

// PurchaseOrder is a flour order to a mill.
type PurchaseOrder struct {
	ID           uuid.UUID   `db:"id" json:"id"`
	PONumber     string      `db:"po_number" json:"po_number"`
	SupplierID   uuid.UUID   `db:"supplier_id" json:"supplier_id"`
	NeededBy     time.Time   `db:"needed_by" json:"needed_by"`
	Status       string      `db:"status" json:"status"`
	MillOrderRef *string     `db:"mill_order_ref" json:"mill_order_ref,omitempty"`
	CreatedBy    string      `db:"created_by" json:"created_by"`
	CreatedAt    time.Time   `db:"created_at" json:"created_at"`
	SubmittedAt  *time.Time  `db:"submitted_at" json:"submitted_at,omitempty"`
	Lines        []FlourLine `db:"-" json:"lines"`
}

// FlourLine is a quantity of one flour on a purchase order.
type FlourLine struct {
	PurchaseOrderID uuid.UUID `db:"purchase_order_id" json:"-"`
	FlourCode       string    `db:"flour_code" json:"flour_code"`
	Kilograms       int       `db:"kilograms" json:"kilograms"`
}

// FlourNeed is the aggregate flour a bake window requires.
type FlourNeed struct {
	SupplierID uuid.UUID `db:"supplier_id"`
	FlourCode  string    `db:"flour_code"`
	Grams      int64     `db:"grams"`
}
