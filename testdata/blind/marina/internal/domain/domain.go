// Package domain holds the marina's core types shared by services,
// repositories and transport layers.
package domain

import (
	"errors"
	"time"
)

var (
	ErrNotFound         = errors.New("not found")
	ErrConflict         = errors.New("conflict")
	ErrInvalidState     = errors.New("invalid state")
	ErrBerthUnavailable = errors.New("berth unavailable for dates")
	ErrKeyReused        = errors.New("idempotency key reused with a different request")
	ErrInvalidInput     = errors.New("invalid input")
)

// Invalid wraps a validation message so transports can report it as the
// caller's fault.
func Invalid(msg string) error {
	return &invalidInput{msg: msg}
}

type invalidInput struct{ msg string }

func (e *invalidInput) Error() string        { return e.msg }
func (e *invalidInput) Is(target error) bool { return target == ErrInvalidInput }

type ReservationStatus string

const (
	ReservationPending   ReservationStatus = "pending"
	ReservationConfirmed ReservationStatus = "confirmed"
	ReservationArrived   ReservationStatus = "arrived"
	ReservationCancelled ReservationStatus = "cancelled"
	ReservationCompleted ReservationStatus = "completed"
)

type Berth struct {
	ID                string
	Pier              string
	LengthM           float64
	BeamM             float64
	PowerAmps         int
	NightlyRateCents  int64
	SeasonalRateCents int64
}

type Boater struct {
	ID                   string
	FullName             string
	Phone                string
	Email                string
	StripeCustomerID     string
	DefaultPaymentMethod string
}

type Reservation struct {
	ID           string
	BerthID      string
	VesselID     string
	BoaterID     string
	ArriveOn     time.Time
	DepartOn     time.Time
	Status       ReservationStatus
	TotalCents   int64
	DepositCents int64
	CreatedAt    time.Time
	CancelledAt  *time.Time
	CancelReason string
}

// Nights is the number of nights of the stay.
func (r Reservation) Nights() int {
	return int(r.DepartOn.Sub(r.ArriveOn).Hours() / 24)
}

type Vessel struct {
	ID           string
	BoaterID     string
	Name         string
	Registration string
	LOAMetres    float64
	BeamMetres   float64
}

type SeasonalContract struct {
	ID         string
	Pier       string
	BerthID    string
	VesselID   string
	BoaterID   string
	Season     int
	StartsOn   time.Time
	EndsOn     time.Time
	TotalCents int64
	Status     string
	CreatedBy  string
	CreatedAt  time.Time
}

type Installment struct {
	ID          string
	ContractID  string
	Seq         int
	DueOn       time.Time
	AmountCents int64
	Status      string
	PaymentID   string
}

type PaymentPurpose string

const (
	PurposeDeposit     PaymentPurpose = "deposit"
	PurposeFuel        PaymentPurpose = "fuel"
	PurposeWorkOrder   PaymentPurpose = "work_order"
	PurposeInstallment PaymentPurpose = "installment"
	PurposeExtension   PaymentPurpose = "extension"
)

type Payment struct {
	ID             string
	OpKey          string
	Purpose        PaymentPurpose
	BoaterID       string
	ReservationID  string
	WorkOrderID    string
	FuelSaleID     string
	InstallmentID  string
	AmountCents    int64
	Currency       string
	CaptureMethod  string
	Status         string
	StripeIntentID string
	FailureReason  string
	CreatedAt      time.Time
}

type Refund struct {
	ID             string
	PaymentID      string
	OpKey          string
	AmountCents    int64
	Reason         string
	Status         string
	StripeRefundID string
	RequestedBy    string
}

type FuelSale struct {
	ID             string
	PumpID         string
	TicketNo       int64
	Product        string
	Litres         float64
	UnitPriceCents int64
	AmountCents    int64
	BoaterID       string
	PaymentMethod  string
	Status         string
	PaymentID      string
	SoldAt         time.Time
}

type WorkOrder struct {
	ID             string
	VesselID       string
	BoaterID       string
	Kind           string
	Status         string
	LiftOn         *time.Time
	YardBookingRef string
	Notes          string
	CompletedAt    *time.Time
	InvoicedAt     *time.Time
}

type WorkOrderLine struct {
	ID          int64
	WorkOrderID string
	Description string
	Quantity    float64
	UnitCents   int64
	CreatedBy   string
}

// Total returns the line total in minor units, rounded half up.
func (l WorkOrderLine) Total() int64 {
	return int64(l.Quantity*float64(l.UnitCents) + 0.5)
}

type LedgerEntry struct {
	ID          int64
	BoaterID    string
	SourceType  string
	SourceID    string
	Description string
	AmountCents int64
	PostedAt    time.Time
}

type MeterReading struct {
	ID       string
	MeterID  string
	ReadAt   time.Time
	KWhTotal float64
	Source   string
}

type PowerSession struct {
	ID              string
	MeterID         string
	BoaterID        string
	StartKWh        float64
	EndKWh          *float64
	RateCentsPerKWh int64
	Status          string
	OpenedAt        time.Time
	ClosedAt        *time.Time
}

type Notification struct {
	ID            string
	Kind          string
	SubjectID     string
	ToPhone       string
	Body          string
	Status        string
	ProviderMsgID string
	Attempts      int
}

type Broadcast struct {
	ID              string
	Title           string
	Body            string
	Audience        string
	RecipientCount  int
	ProviderBatchID string
	CreatedBy       string
}

type Arrival struct {
	ID                 string
	VesselRegistration string
	BerthID            string
	ReservationID      string
	ArrivedAt          time.Time
	Source             string
}

func (a *Arrival) EntityID() string   { return a.ID }
func (a *Arrival) AssignID(id string) { a.ID = id }

func (b *Broadcast) EntityID() string   { return b.ID }
func (b *Broadcast) AssignID(id string) { b.ID = id }

type SettlementLine struct {
	ID           int64
	BusinessDate time.Time
	SourceType   string
	SourceID     string
	AccountCode  string
	AmountCents  int64
	Description  string
}

type SettlementBatch struct {
	ID           string
	BusinessDate time.Time
	Status       string
	LineCount    int
	TotalCents   int64
	ExternalRef  string
}
