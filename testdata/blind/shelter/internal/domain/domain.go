// Package domain holds the records shared by services, repositories and
// handlers.
package domain

import (
	"errors"
	"time"
)

var (
	ErrNotFound     = errors.New("not found")
	ErrConflict     = errors.New("conflict")
	ErrInvalidState = errors.New("invalid state")
)

// Animal statuses.
const (
	AnimalIntake      = "intake"
	AnimalAvailable   = "available"
	AnimalInFoster    = "in_foster"
	AnimalAdopted     = "adopted"
	AnimalTransferred = "transferred"
)

// Application statuses.
const (
	ApplicationSubmitted = "submitted"
	ApplicationApproved  = "approved"
	ApplicationFinalized = "finalized"
)

type Animal struct {
	ID              string    `db:"id" json:"id"`
	Name            string    `db:"name" json:"name"`
	Species         string    `db:"species" json:"species"`
	Breed           string    `db:"breed" json:"breed"`
	Status          string    `db:"status" json:"status"`
	MicrochipNumber *string   `db:"microchip_number" json:"microchip_number,omitempty"`
	ChipStatus      string    `db:"chip_status" json:"chip_status"`
	SourcePartnerID *string   `db:"source_partner_id" json:"source_partner_id,omitempty"`
	CreatedAt       time.Time `db:"created_at" json:"created_at"`
	UpdatedAt       time.Time `db:"updated_at" json:"updated_at"`
}

type Application struct {
	ID            string     `db:"id" json:"id"`
	AnimalID      string     `db:"animal_id" json:"animal_id"`
	AdopterName   string     `db:"adopter_name" json:"adopter_name"`
	AdopterEmail  string     `db:"adopter_email" json:"adopter_email"`
	AdopterPhone  string     `db:"adopter_phone" json:"adopter_phone"`
	HouseholdNote string     `db:"household_note" json:"household_note"`
	Status        string     `db:"status" json:"status"`
	FeeCents      int64      `db:"fee_cents" json:"fee_cents"`
	SubmittedAt   time.Time  `db:"submitted_at" json:"submitted_at"`
	ReviewedBy    *string    `db:"reviewed_by" json:"reviewed_by,omitempty"`
	ApprovedAt    *time.Time `db:"approved_at" json:"approved_at,omitempty"`
	FeePaidAt     *time.Time `db:"fee_paid_at" json:"fee_paid_at,omitempty"`
	FinalizedAt   *time.Time `db:"finalized_at" json:"finalized_at,omitempty"`
}

type FeePayment struct {
	ID             string    `db:"id"`
	ApplicationID  string    `db:"application_id"`
	ProviderCharge string    `db:"provider_charge"`
	AmountCents    int64     `db:"amount_cents"`
	Currency       string    `db:"currency"`
	CreatedAt      time.Time `db:"created_at"`
}

type PaymentAttempt struct {
	ID            string    `db:"id"`
	ApplicationID string    `db:"application_id"`
	AttemptedAt   time.Time `db:"attempted_at"`
	Outcome       string    `db:"outcome"`
	Detail        string    `db:"detail"`
}

type Adoption struct {
	ID            string    `db:"id" json:"id"`
	ApplicationID string    `db:"application_id" json:"application_id"`
	AnimalID      string    `db:"animal_id" json:"animal_id"`
	AdopterName   string    `db:"adopter_name" json:"adopter_name"`
	AdopterEmail  string    `db:"adopter_email" json:"adopter_email"`
	FinalizedAt   time.Time `db:"finalized_at" json:"finalized_at"`
}

type MicrochipRegistration struct {
	ID          string    `db:"id"`
	AnimalID    string    `db:"animal_id"`
	ChipNumber  string    `db:"chip_number"`
	RegistryRef string    `db:"registry_ref"`
	Kind        string    `db:"kind"`
	CreatedAt   time.Time `db:"created_at"`
}

type OutboundTransfer struct {
	ID         string    `db:"id" json:"id"`
	AnimalID   string    `db:"animal_id" json:"animal_id"`
	PartnerID  string    `db:"partner_id" json:"partner_id"`
	PartnerRef string    `db:"partner_ref" json:"partner_ref"`
	Reason     string    `db:"reason" json:"reason"`
	CreatedAt  time.Time `db:"created_at" json:"created_at"`
}

type IntakeTransfer struct {
	ID                string     `db:"id"`
	PartnerID         string     `db:"partner_id"`
	PartnerTransferID string     `db:"partner_transfer_id"`
	AnimalID          string     `db:"animal_id"`
	ExpectedArrival   *time.Time `db:"expected_arrival"`
	ReceivedAt        time.Time  `db:"received_at"`
	CancelledAt       *time.Time `db:"cancelled_at"`
}

type IntakeExam struct {
	ID           string    `db:"id"`
	AnimalID     string    `db:"animal_id"`
	TransferID   string    `db:"transfer_id"`
	ScheduledFor time.Time `db:"scheduled_for"`
	Notes        string    `db:"notes"`
	CreatedAt    time.Time `db:"created_at"`
}

type Donation struct {
	ID               string     `db:"id" json:"id"`
	Platform         string     `db:"platform" json:"platform"`
	ExternalID       string     `db:"external_id" json:"external_id"`
	DonorEmail       string     `db:"donor_email" json:"donor_email"`
	DonorName        string     `db:"donor_name" json:"donor_name"`
	AmountCents      int64      `db:"amount_cents" json:"amount_cents"`
	Currency         string     `db:"currency" json:"currency"`
	Campaign         string     `db:"campaign" json:"campaign"`
	ReceivedAt       time.Time  `db:"received_at" json:"received_at"`
	ReceiptClaimedAt *time.Time `db:"receipt_claimed_at" json:"-"`
	ReceiptMessageID *string    `db:"receipt_message_id" json:"-"`
}

type SupplyItem struct {
	ID           string `db:"id"`
	SKU          string `db:"sku"`
	Name         string `db:"name"`
	Unit         string `db:"unit"`
	OnHand       int    `db:"on_hand"`
	ReorderPoint int    `db:"reorder_point"`
	ReorderQty   int    `db:"reorder_qty"`
}

type SupplyOrder struct {
	ID             string     `db:"id" json:"id"`
	RequestKey     *string    `db:"request_key" json:"-"`
	SiteID         string     `db:"site_id" json:"site_id"`
	Status         string     `db:"status" json:"status"`
	DistributorRef *string    `db:"distributor_ref" json:"distributor_ref,omitempty"`
	ReorderItemID  *string    `db:"reorder_item_id" json:"reorder_item_id,omitempty"`
	ReorderDate    *time.Time `db:"reorder_date" json:"reorder_date,omitempty"`
	CreatedBy      string     `db:"created_by" json:"created_by"`
	CreatedAt      time.Time  `db:"created_at" json:"created_at"`
	SubmittedAt    *time.Time `db:"submitted_at" json:"submitted_at,omitempty"`
	DeliveredAt    *time.Time `db:"delivered_at" json:"delivered_at,omitempty"`

	Lines []SupplyOrderLine `db:"-" json:"lines"`
}

type SupplyOrderLine struct {
	OrderID string `db:"order_id" json:"-"`
	ItemID  string `db:"item_id" json:"item_id"`
	SKU     string `db:"sku" json:"sku"`
	Qty     int    `db:"qty" json:"qty"`
}

type FosterCarer struct {
	ID            string    `db:"id"`
	Name          string    `db:"name"`
	Email         string    `db:"email"`
	PayoutAccount string    `db:"payout_account"`
	BalanceCents  int64     `db:"balance_cents"`
	Active        bool      `db:"active"`
	CreatedAt     time.Time `db:"created_at"`
}

type Placement struct {
	ID             string     `db:"id" json:"id"`
	AnimalID       string     `db:"animal_id" json:"animal_id"`
	FosterID       string     `db:"foster_id" json:"foster_id"`
	DailyRateCents int64      `db:"daily_rate_cents" json:"daily_rate_cents"`
	StartedAt      time.Time  `db:"started_at" json:"started_at"`
	EndedAt        *time.Time `db:"ended_at" json:"ended_at,omitempty"`
	EndReason      *string    `db:"end_reason" json:"end_reason,omitempty"`
}

type FosterAdjustment struct {
	ID          string    `db:"id" json:"id"`
	FosterID    string    `db:"foster_id" json:"foster_id"`
	AmountCents int64     `db:"amount_cents" json:"amount_cents"`
	Reason      string    `db:"reason" json:"reason"`
	CreatedBy   string    `db:"created_by" json:"created_by"`
	CreatedAt   time.Time `db:"created_at" json:"created_at"`
}

type Stipend struct {
	ID          string     `db:"id"`
	RunID       string     `db:"run_id"`
	FosterID    string     `db:"foster_id"`
	Period      string     `db:"period"`
	AmountCents int64      `db:"amount_cents"`
	Status      string     `db:"status"`
	PayoutRef   *string    `db:"payout_ref"`
	PaidAt      *time.Time `db:"paid_at"`
}

type LedgerEntry struct {
	ID          string    `db:"id"`
	FosterID    string    `db:"foster_id"`
	StipendID   *string   `db:"stipend_id"`
	EntryType   string    `db:"entry_type"`
	AmountCents int64     `db:"amount_cents"`
	CreatedAt   time.Time `db:"created_at"`
}

// OutboxMessage is a domain event waiting to be relayed to the bus.
type OutboxMessage struct {
	ID          string     `db:"id"`
	Topic       string     `db:"topic"`
	Payload     []byte     `db:"payload"`
	CreatedAt   time.Time  `db:"created_at"`
	PublishedAt *time.Time `db:"published_at"`
}
