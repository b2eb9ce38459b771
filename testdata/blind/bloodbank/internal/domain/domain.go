// Package domain holds the entities shared between the service packages.
package domain

import (
	"errors"
	"time"

	"github.com/google/uuid"
)

var (
	ErrNotFound     = errors.New("not found")
	ErrConflict     = errors.New("conflict")
	ErrInvalid      = errors.New("invalid request")
	ErrInsufficient = errors.New("insufficient stock")
)

// ComponentKind is the blood product type.
type ComponentKind string

const (
	RedCells  ComponentKind = "red_cells"
	Plasma    ComponentKind = "plasma"
	Platelets ComponentKind = "platelets"
)

// ShelfLife returns the storage life of a component collected at t.
func (k ComponentKind) ShelfLife() time.Duration {
	switch k {
	case RedCells:
		return 42 * 24 * time.Hour
	case Plasma:
		return 365 * 24 * time.Hour
	case Platelets:
		return 7 * 24 * time.Hour
	default:
		return 0
	}
}

// ProductCode is the short suffix used in unit numbers.
func (k ComponentKind) ProductCode() string {
	switch k {
	case RedCells:
		return "RC"
	case Plasma:
		return "FP"
	case Platelets:
		return "PL"
	default:
		return "XX"
	}
}

type Donor struct {
	ID              uuid.UUID  `db:"id" json:"id"`
	NationalDonorNo string     `db:"national_donor_no" json:"national_donor_no"`
	FullName        string     `db:"full_name" json:"full_name"`
	Phone           string     `db:"phone" json:"phone"`
	Email           string     `db:"email" json:"email"`
	PostalAddress   string     `db:"postal_address" json:"postal_address"`
	BloodGroup      string     `db:"blood_group" json:"blood_group"`
	RewardPoints    int        `db:"reward_points" json:"reward_points"`
	DeferredUntil   *time.Time `db:"deferred_until" json:"deferred_until,omitempty"`
}

type Appointment struct {
	ID           uuid.UUID  `db:"id" json:"id"`
	DonorID      uuid.UUID  `db:"donor_id" json:"donor_id"`
	SiteID       uuid.UUID  `db:"site_id" json:"site_id"`
	SlotStart    time.Time  `db:"slot_start" json:"slot_start"`
	DonationType string     `db:"donation_type" json:"donation_type"`
	Status       string     `db:"status" json:"status"`
	ReminderAt   *time.Time `db:"reminder_sent_at" json:"-"`
	CreatedAt    time.Time  `db:"created_at" json:"created_at"`
}

type Donation struct {
	ID             uuid.UUID  `db:"id" json:"id"`
	DonationNumber string     `db:"donation_number" json:"donation_number"`
	DonorID        uuid.UUID  `db:"donor_id" json:"donor_id"`
	AppointmentID  *uuid.UUID `db:"appointment_id" json:"appointment_id,omitempty"`
	SiteID         uuid.UUID  `db:"site_id" json:"site_id"`
	DonationType   string     `db:"donation_type" json:"donation_type"`
	VolumeML       int        `db:"volume_ml" json:"volume_ml"`
	CollectedAt    time.Time  `db:"collected_at" json:"collected_at"`
	Status         string     `db:"status" json:"status"`
}

type Component struct {
	ID         uuid.UUID     `db:"id" json:"id"`
	UnitNumber string        `db:"unit_number" json:"unit_number"`
	DonationID uuid.UUID     `db:"donation_id" json:"donation_id"`
	Kind       ComponentKind `db:"kind" json:"kind"`
	BloodGroup string        `db:"blood_group" json:"blood_group"`
	Status     string        `db:"status" json:"status"`
	OrderID    *uuid.UUID    `db:"order_id" json:"order_id,omitempty"`
	TransferID *uuid.UUID    `db:"transfer_id" json:"transfer_id,omitempty"`
	ExpiresAt  time.Time     `db:"expires_at" json:"expires_at"`
}

type Hospital struct {
	ID          uuid.UUID `db:"id"`
	APIClientID string    `db:"api_client_id"`
	Name        string    `db:"name"`
	SMSContact  string    `db:"sms_contact"`
	Address     string    `db:"address"`
}

type Order struct {
	ID         uuid.UUID   `db:"id" json:"id"`
	HospitalID uuid.UUID   `db:"hospital_id" json:"hospital_id"`
	Reference  string      `db:"reference" json:"reference"`
	Priority   string      `db:"priority" json:"priority"`
	Status     string      `db:"status" json:"status"`
	CreatedAt  time.Time   `db:"created_at" json:"created_at"`
	Lines      []OrderLine `db:"-" json:"lines"`
}

type OrderLine struct {
	OrderID    uuid.UUID     `db:"order_id" json:"-"`
	LineNo     int           `db:"line_no" json:"line_no"`
	Kind       ComponentKind `db:"kind" json:"kind"`
	BloodGroup string        `db:"blood_group" json:"blood_group"`
	Quantity   int           `db:"quantity" json:"quantity"`
}

type Delivery struct {
	ID                uuid.UUID  `db:"id" json:"id"`
	OrderID           uuid.UUID  `db:"order_id" json:"order_id"`
	CourierBookingRef string     `db:"courier_booking_ref" json:"courier_booking_ref"`
	Status            string     `db:"status" json:"status"`
	DispatchedAt      time.Time  `db:"dispatched_at" json:"dispatched_at"`
	DeliveredAt       *time.Time `db:"delivered_at" json:"delivered_at,omitempty"`
	ReceivedBy        *string    `db:"received_by" json:"received_by,omitempty"`
}

type Voucher struct {
	ID                 uuid.UUID  `db:"id"`
	DonorID            uuid.UUID  `db:"donor_id"`
	Milestone          int        `db:"milestone"`
	Status             string     `db:"status"`
	PartnerVoucherCode *string    `db:"partner_voucher_code"`
	IssuedAt           *time.Time `db:"issued_at"`
}

type Transfer struct {
	ID                uuid.UUID     `db:"id" json:"id"`
	PartnerCode       string        `db:"partner_code" json:"partner_code"`
	PartnerRequestRef string        `db:"partner_request_ref" json:"partner_request_ref"`
	Kind              ComponentKind `db:"kind" json:"kind"`
	BloodGroup        string        `db:"blood_group" json:"blood_group"`
	Quantity          int           `db:"quantity" json:"quantity"`
	Status            string        `db:"status" json:"status"`
	PartnerAckRef     *string       `db:"partner_ack_ref" json:"partner_ack_ref,omitempty"`
}
