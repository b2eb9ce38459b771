package domain

import (
	"database/sql/driver"
	"encoding/json"
	"errors"
	"time"

	"github.com/google/uuid"
)

// Customer is a person who rents vehicles.
type Customer struct {
	ID                   uuid.UUID `db:"id"`
	FullName             string    `db:"full_name"`
	Email                string    `db:"email"`
	Phone                string    `db:"phone"`
	StripeCustomerID     string    `db:"stripe_customer_id"`
	DefaultPaymentMethod string    `db:"default_pm_id"`
	CreatedAt            time.Time `db:"created_at"`
}

// Vehicle statuses.
const (
	VehicleAvailable   = "available"
	VehicleRented      = "rented"
	VehicleMaintenance = "maintenance_hold"
)

// Vehicle is one car in the fleet.
type Vehicle struct {
	ID             uuid.UUID `db:"id"`
	Plate          string    `db:"plate"`
	VIN            string    `db:"vin"`
	Class          string    `db:"class"`
	Branch         string    `db:"branch"`
	Status         string    `db:"status"`
	OdometerKm     int       `db:"odometer_km"`
	KmSinceService int       `db:"km_since_service"`
	FuelPct        int       `db:"fuel_pct"`
	UpdatedAt      time.Time `db:"updated_at"`
}

// Reservation statuses.
const (
	ReservationPendingDeposit = "pending_deposit"
	ReservationConfirmed      = "confirmed"
	ReservationPickedUp       = "picked_up"
	ReservationCancelled      = "cancelled"
	ReservationNoShow         = "no_show"
)

// Reservation is a customer's booking of a vehicle class at a branch.
type Reservation struct {
	ID              string    `db:"id" json:"id"`
	CustomerID      uuid.UUID `db:"customer_id" json:"customer_id"`
	VehicleClass    string    `db:"vehicle_class" json:"vehicle_class"`
	Branch          string    `db:"branch" json:"branch"`
	PickupAt        time.Time `db:"pickup_at" json:"pickup_at"`
	ReturnAt        time.Time `db:"return_at" json:"return_at"`
	Status          string    `db:"status" json:"status"`
	DepositCents    int64     `db:"deposit_cents" json:"deposit_cents"`
	DepositIntentID string    `db:"deposit_intent_id" json:"-"`
	CreatedAt       time.Time `db:"created_at" json:"created_at"`
}

// Rental statuses.
const (
	RentalOut    = "out"
	RentalClosed = "closed"
)

// Rental is a vehicle handed over to a customer against a reservation.
type Rental struct {
	ID             uuid.UUID  `db:"id" json:"id"`
	ReservationID  string     `db:"reservation_id" json:"reservation_id"`
	CustomerID     uuid.UUID  `db:"customer_id" json:"customer_id"`
	VehicleID      uuid.UUID  `db:"vehicle_id" json:"vehicle_id"`
	Status         string     `db:"status" json:"status"`
	CheckedOutAt   time.Time  `db:"checked_out_at" json:"checked_out_at"`
	CheckedInAt    *time.Time `db:"checked_in_at" json:"checked_in_at,omitempty"`
	DueAt          time.Time  `db:"due_at" json:"due_at"`
	OdometerOut    int        `db:"odometer_out" json:"odometer_out"`
	OdometerIn     *int       `db:"odometer_in" json:"odometer_in,omitempty"`
	FuelOut        int        `db:"fuel_out" json:"fuel_out"`
	FuelIn         *int       `db:"fuel_in" json:"fuel_in,omitempty"`
	KmDriven       int        `db:"km_driven" json:"km_driven"`
	DamageReported bool       `db:"damage_reported" json:"damage_reported"`
	ReceiptSentAt  *time.Time `db:"receipt_sent_at" json:"-"`
}

// Extension moves a rental's due date.
type Extension struct {
	ID        uuid.UUID `db:"id" json:"id"`
	RentalID  uuid.UUID `db:"rental_id" json:"rental_id"`
	OldDueAt  time.Time `db:"old_due_at" json:"old_due_at"`
	NewDueAt  time.Time `db:"new_due_at" json:"new_due_at"`
	FeeCents  int64     `db:"fee_cents" json:"fee_cents"`
	CreatedAt time.Time `db:"created_at" json:"created_at"`
}

// Charge kinds and statuses.
const (
	ChargeRentalFinal = "rental_final"
	ChargeFuel        = "fuel"
	ChargeExtension   = "extension"

	ChargeOpen      = "open"
	ChargeSubmitted = "submitted"
	ChargeSettled   = "settled"
)

// Charge is an amount owed by a customer for a rental, settled nightly.
type Charge struct {
	ID          uuid.UUID  `db:"id"`
	RentalID    uuid.UUID  `db:"rental_id"`
	CustomerID  uuid.UUID  `db:"customer_id"`
	Kind        string     `db:"kind"`
	AmountCents int64      `db:"amount_cents"`
	Status      string     `db:"status"`
	CreatedAt   time.Time  `db:"created_at"`
	SettledAt   *time.Time `db:"settled_at"`
}

// StringList is stored as a JSON array.
type StringList []string

func (l StringList) Value() (driver.Value, error) {
	if l == nil {
		return "[]", nil
	}
	b, err := json.Marshal([]string(l))
	return string(b), err
}

func (l *StringList) Scan(src any) error {
	switch v := src.(type) {
	case nil:
		*l = nil
		return nil
	case []byte:
		return json.Unmarshal(v, (*[]string)(l))
	case string:
		return json.Unmarshal([]byte(v), (*[]string)(l))
	default:
		return errors.New("StringList: unsupported source type")
	}
}
