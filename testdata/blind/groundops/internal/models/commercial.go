package models

import "time"

// ServiceLine is one billable unit of work done for an airline. The nightly
// billing run rolls them up into statements.
type ServiceLine struct {
	Base
	TurnaroundID   string
	AirlineID      string
	ServiceCode    string
	Quantity       float64
	UnitPriceCents int64
	Source         string
	SourceRef      string
	ServiceDate    time.Time `gorm:"type:date"`
}

const (
	FuelRequested  = "requested"
	FuelDispatched = "dispatched"
	FuelDelivered  = "delivered"
)

type FuelOrder struct {
	Base
	RequestID        string
	TurnaroundID     string
	RequestedKg      int
	Status           string
	SupplierOrderRef *string
	DeliveredKg      *int
	DeliveredAt      *time.Time
}

type DeiceReservation struct {
	Base
	TurnaroundID        string
	FluidType           string
	Litres              int
	UsedLitres          *int
	VendorReservationID string
	Status              string
}

const (
	AdhocPending   = "pending"
	AdhocPaid      = "paid"
	AdhocCancelled = "cancelled"
	AdhocNoShow    = "no_show"
)

// AdhocOrder is a service bought by card by an operator without a handling
// contract (general aviation, diverted charters).
type AdhocOrder struct {
	Base
	RequestID       string
	TailNumber      string
	Station         string
	ServiceCode     string
	AmountCents     int64
	Currency        string
	CustomerID      string
	PaymentMethodID string
	PaymentIntentID *string
	Status          string
	RefundedCents   int64
}

type Statement struct {
	Base
	Number      string
	AirlineID   string
	Station     string
	ServiceDate time.Time `gorm:"type:date"`
	Currency    string
	TotalCents  int64
}

type StatementLine struct {
	Base
	StatementID string
	ServiceCode string
	Quantity    float64
	AmountCents int64
}

type MinimumAdjustment struct {
	Base
	AirlineID      string
	Period         string
	ShortfallCents int64
}
