package db

import (
	"encoding/json"
	"time"

	"github.com/google/uuid"
)

type Shipper struct {
	ID                   string
	Name                 string
	BillingEmail         string
	OpsPhone             string
	DispatcherPhone      *string
	StripeCustomerID     *string
	AutopayEnabled       bool
	DefaultPaymentMethod *string
	CreatedAt            time.Time
}

type Driver struct {
	ID             string
	FullName       string
	Phone          string
	PaylaneAccount string
	FuelCardID     *string
	Active         bool
	CreatedAt      time.Time
}

type Shipment struct {
	ID               string
	ShipperID        string
	ShipperReference string
	Origin           string
	Destination      string
	Commodity        string
	TempMinC         float64
	TempMaxC         float64
	PickupAt         time.Time
	CrossBorder      bool
	Status           string
	DoorOpenCount    int32
	PriceCents       int64
	Currency         string
	DriverID         *string
	InvoiceID        *string
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

type TemperatureReading struct {
	DeviceID   string
	Seq        int64
	ShipmentID string
	Celsius    float64
	RecordedAt time.Time
}

type HumidityReading struct {
	ID          uuid.UUID
	DeviceID    string
	ShipmentID  string
	RelativePct float64
	RecordedAt  time.Time
}

type ShipmentPosition struct {
	ShipmentID string
	Lat        float64
	Lon        float64
	RecordedAt time.Time
}

type ExcursionAlert struct {
	ID         uuid.UUID
	ShipmentID string
	DeviceID   string
	Celsius    float64
	LimitC     float64
	RecordedAt time.Time
	NotifiedAt *time.Time
	CreatedAt  time.Time
}

type DoorEvent struct {
	ID         string
	ShipmentID string
	DeviceID   string
	OpenedAt   time.Time
}

type ShipmentEvent struct {
	ID         string
	EventID    string
	ShipmentID string
	Kind       string
	Detail     json.RawMessage
	OccurredAt time.Time
	NotifiedAt *time.Time
}

type CarrierBooking struct {
	ID          string
	ShipmentID  string
	CarrierRef  *string
	TruckPlate  *string
	Status      string
	RequestedAt time.Time
	UpdatedAt   time.Time
}

type CustomsFiling struct {
	ID           string
	ShipmentID   string
	Kind         string
	SubmitterRef string
	EntryNumber  *string
	Status       string
	Payload      json.RawMessage
	CreatedAt    time.Time
	SubmittedAt  *time.Time
}

type Invoice struct {
	ID                    string
	ShipperID             string
	Kind                  string
	Status                string
	TotalCents            int64
	Currency              string
	Memo                  string
	DueAt                 time.Time
	PaidAt                *time.Time
	StripePaymentIntentID *string
	EmailedAt             *time.Time
	CreatedAt             time.Time
}

type InvoiceLine struct {
	ID          string
	InvoiceID   string
	ShipmentID  *string
	Description string
	AmountCents int64
}

type Payment struct {
	ID                    string
	InvoiceID             string
	StripePaymentIntentID string
	AmountCents           int64
	Currency              string
	Status                string
	CreatedAt             time.Time
}

type LedgerEntry struct {
	ID          string
	Account     string
	InvoiceID   *string
	ClaimID     *string
	AmountCents int64
	Currency    string
	Memo        string
	CreatedAt   time.Time
}

type Claim struct {
	ID          string
	ShipmentID  string
	ShipperID   string
	AmountCents int64
	Currency    string
	Reason      string
	Status      string
	DecidedBy   *string
	DecidedAt   *time.Time
	CreatedAt   time.Time
}

type ClaimRefund struct {
	ID             string
	ClaimID        string
	StripeRefundID string
	AmountCents    int64
	CreatedAt      time.Time
}

type DriverLedgerEntry struct {
	ID          string
	DriverID    string
	ShipmentID  *string
	PayoutID    *string
	Kind        string
	AmountCents int64
	CreatedAt   time.Time
}

type DriverPayout struct {
	ID          string
	DriverID    string
	PeriodStart time.Time
	AmountCents int64
	Currency    string
	Status      string
	ProviderRef *string
	PaidAt      *time.Time
	CreatedAt   time.Time
}

type FuelAdvance struct {
	ID          string
	DriverID    string
	ShipmentID  *string
	AmountCents int64
	ProviderRef string
	CreatedAt   time.Time
}

type IdempotencyKey struct {
	Scope      string
	Key        string
	ResourceID *string
	CreatedAt  time.Time
}

type JobAttempt struct {
	ID         string
	JobID      int64
	Kind       string
	Attempt    int
	Error      *string
	FinishedAt time.Time
}

// Scanner is implemented by pgx.Row and pgx.Rows.
type Scanner interface {
	Scan(dest ...any) error
}

const ShipmentColumns = `id, shipper_id, shipper_reference, origin, destination, commodity,
	temp_min_c, temp_max_c, pickup_at, cross_border, status, door_open_count,
	price_cents, currency, driver_id, invoice_id, created_at, updated_at`

func ScanShipment(row Scanner) (Shipment, error) {
	var s Shipment
	err := row.Scan(&s.ID, &s.ShipperID, &s.ShipperReference, &s.Origin, &s.Destination, &s.Commodity,
		&s.TempMinC, &s.TempMaxC, &s.PickupAt, &s.CrossBorder, &s.Status, &s.DoorOpenCount,
		&s.PriceCents, &s.Currency, &s.DriverID, &s.InvoiceID, &s.CreatedAt, &s.UpdatedAt)
	return s, err
}

const ShipperColumns = `id, name, billing_email, ops_phone, dispatcher_phone, stripe_customer_id,
	autopay_enabled, default_payment_method, created_at`

func ScanShipper(row Scanner) (Shipper, error) {
	var s Shipper
	err := row.Scan(&s.ID, &s.Name, &s.BillingEmail, &s.OpsPhone, &s.DispatcherPhone, &s.StripeCustomerID,
		&s.AutopayEnabled, &s.DefaultPaymentMethod, &s.CreatedAt)
	return s, err
}

const DriverColumns = `id, full_name, phone, paylane_account, fuel_card_id, active, created_at`

func ScanDriver(row Scanner) (Driver, error) {
	var d Driver
	err := row.Scan(&d.ID, &d.FullName, &d.Phone, &d.PaylaneAccount, &d.FuelCardID, &d.Active, &d.CreatedAt)
	return d, err
}

const InvoiceColumns = `id, shipper_id, kind, status, total_cents, currency, memo, due_at, paid_at,
	stripe_payment_intent_id, emailed_at, created_at`

func ScanInvoice(row Scanner) (Invoice, error) {
	var i Invoice
	err := row.Scan(&i.ID, &i.ShipperID, &i.Kind, &i.Status, &i.TotalCents, &i.Currency, &i.Memo, &i.DueAt,
		&i.PaidAt, &i.StripePaymentIntentID, &i.EmailedAt, &i.CreatedAt)
	return i, err
}

const ClaimColumns = `id, shipment_id, shipper_id, amount_cents, currency, reason, status,
	decided_by, decided_at, created_at`

func ScanClaim(row Scanner) (Claim, error) {
	var c Claim
	err := row.Scan(&c.ID, &c.ShipmentID, &c.ShipperID, &c.AmountCents, &c.Currency, &c.Reason, &c.Status,
		&c.DecidedBy, &c.DecidedAt, &c.CreatedAt)
	return c, err
}

const CustomsFilingColumns = `id, shipment_id, kind, submitter_ref, entry_number, status, payload,
	created_at, submitted_at`

func ScanCustomsFiling(row Scanner) (CustomsFiling, error) {
	var f CustomsFiling
	err := row.Scan(&f.ID, &f.ShipmentID, &f.Kind, &f.SubmitterRef, &f.EntryNumber, &f.Status, &f.Payload,
		&f.CreatedAt, &f.SubmittedAt)
	return f, err
}

const CarrierBookingColumns = `id, shipment_id, carrier_ref, truck_plate, status, requested_at, updated_at`

func ScanCarrierBooking(row Scanner) (CarrierBooking, error) {
	var b CarrierBooking
	err := row.Scan(&b.ID, &b.ShipmentID, &b.CarrierRef, &b.TruckPlate, &b.Status, &b.RequestedAt, &b.UpdatedAt)
	return b, err
}

const DriverPayoutColumns = `id, driver_id, period_start, amount_cents, currency, status, provider_ref,
	paid_at, created_at`

func ScanDriverPayout(row Scanner) (DriverPayout, error) {
	var p DriverPayout
	err := row.Scan(&p.ID, &p.DriverID, &p.PeriodStart, &p.AmountCents, &p.Currency, &p.Status, &p.ProviderRef,
		&p.PaidAt, &p.CreatedAt)
	return p, err
}
