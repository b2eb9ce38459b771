// Package domain holds the core types shared by services, repositories and
// transports of the locker network.
package domain

import (
	"errors"
	"time"
)

var (
	ErrNotFound          = errors.New("not found")
	ErrConflict          = errors.New("conflict")
	ErrNoCapacity        = errors.New("no free compartment of requested size")
	ErrInvalidState      = errors.New("invalid state for operation")
	ErrForbidden         = errors.New("forbidden")
	ErrInvalidPickupCode = errors.New("invalid pickup code")
	ErrInvalidArgument   = errors.New("invalid argument")
)

type Size string

const (
	SizeS  Size = "S"
	SizeM  Size = "M"
	SizeL  Size = "L"
	SizeXL Size = "XL"
)

func (s Size) Valid() bool {
	switch s {
	case SizeS, SizeM, SizeL, SizeXL:
		return true
	}
	return false
}

type CompartmentStatus string

const (
	CompartmentFree        CompartmentStatus = "free"
	CompartmentReserved    CompartmentStatus = "reserved"
	CompartmentOccupied    CompartmentStatus = "occupied"
	CompartmentMaintenance CompartmentStatus = "maintenance"
)

type Host struct {
	ID                 string
	Name               string
	PayoutAccount      string
	RatePerPickupCents int64
	BaseFeeCents       int64
}

type Locker struct {
	ID        string
	SiteCode  string
	HostID    string
	Name      string
	Address   string
	Timezone  string
	CreatedAt time.Time
}

type Compartment struct {
	ID            string
	LockerID      string
	Label         string
	Size          Size
	Status        CompartmentStatus
	DoorState     string
	DoorOpenSince *time.Time
}

type Partner struct {
	ID                string
	Name              string
	WebhookURL        string
	WebhookSecret     string
	BillingCustomerID string
	FeePerParcelCents int64
	ReturnFeeCents    int64
}

type ShipmentStatus string

const (
	ShipmentAnnounced ShipmentStatus = "announced"
	ShipmentInLocker  ShipmentStatus = "in_locker"
	ShipmentCollected ShipmentStatus = "collected"
	ShipmentReturning ShipmentStatus = "returning"
	ShipmentCancelled ShipmentStatus = "cancelled"
)

type Shipment struct {
	ID             string
	PartnerID      string
	ExternalRef    string
	LockerID       string
	RecipientName  string
	RecipientPhone string
	Size           Size
	Status         ShipmentStatus
	CreatedAt      time.Time
}

type ReservationStatus string

const (
	ReservationActive    ReservationStatus = "active"
	ReservationCompleted ReservationStatus = "completed"
	ReservationCancelled ReservationStatus = "cancelled"
	ReservationExpired   ReservationStatus = "expired"
)

type Reservation struct {
	ID            string
	CourierID     string
	CompartmentID string
	ShipmentID    string
	Status        ReservationStatus
	ExpiresAt     time.Time
	CreatedAt     time.Time
}

type ParcelStatus string

const (
	ParcelDeposited     ParcelStatus = "deposited"
	ParcelCollected     ParcelStatus = "collected"
	ParcelReturnPending ParcelStatus = "return_pending"
	ParcelReturned      ParcelStatus = "returned"
)

type Parcel struct {
	ID              string
	ShipmentID      string
	ReservationID   string
	CompartmentID   string
	LockerID        string
	PartnerID       string
	Barcode         string
	Status          ParcelStatus
	PickupCode      string
	DepositedAt     time.Time
	DoorConfirmedAt *time.Time
	PickupDeadline  time.Time
	CollectedAt     *time.Time
	BilledAt        *time.Time
}

type PickupExtension struct {
	ID        string
	ParcelID  string
	RequestID string
	Days      int
	FeeCents  int64
	Status    string
	ChargeID  string
}

type PickupSession struct {
	ID        string
	ParcelID  string
	CommandID string
}

type ReturnRequest struct {
	ID         string
	ShipmentID string
	PartnerID  string
	Reason     string
	FeeCents   int64
	Status     string
}

type ReturnBooking struct {
	ID               string
	ParcelID         string
	CarrierBookingID string
	RequestedBy      string
}

type HostPayout struct {
	ID          string
	HostID      string
	Period      time.Time
	AmountCents int64
	Status      string
	ProviderRef string
}

type PartnerInvoice struct {
	ID                string
	PartnerID         string
	Period            time.Time
	AmountCents       int64
	Status            string
	ProviderInvoiceID string
}

type Incident struct {
	ID            string
	LockerID      string
	CompartmentID string
	Kind          string
	SourceEvent   string
	Severity      string
	OccurredAt    time.Time
}

type MaintenanceTicket struct {
	ID            string
	CompartmentID string
	FaultCode     string
	Detail        string
}

// MonthStart truncates t to the first day of its month in UTC.
func MonthStart(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
}
