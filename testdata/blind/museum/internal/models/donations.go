package models

import (
	"time"

	"github.com/google/uuid"
)

type DonationStatus string

const (
	DonationPending  DonationStatus = "pending_payment"
	DonationReceived DonationStatus = "received"
	DonationFailed   DonationStatus = "failed"
	DonationRefunded DonationStatus = "refunded"
)

type Donation struct {
	ID              string `gorm:"primaryKey"`
	DonorEmail      string
	DonorName       string
	AmountMinor     int64
	Currency        string
	Fund            string
	GiftAid         bool
	AddressLine1    *string
	AddressPostcode *string
	Status          DonationStatus
	ReceivedAt      *time.Time
	CreatedAt       time.Time
}

func (Donation) TableName() string { return "donations" }

type TaxReceipt struct {
	ID            string `gorm:"primaryKey"`
	DonationID    string
	ReceiptNumber int64
	TaxYear       int
	AmountMinor   int64
	Currency      string
	IssuedAt      time.Time
}

func (TaxReceipt) TableName() string { return "tax_receipts" }

type GroupBookingStatus string

const (
	GroupRequested GroupBookingStatus = "requested"
	GroupConfirmed GroupBookingStatus = "confirmed"
	GroupCancelled GroupBookingStatus = "cancelled"
)

type GroupBooking struct {
	ID           uuid.UUID `gorm:"type:uuid;primaryKey"`
	Organisation string
	Kind         string
	ContactName  string
	ContactEmail string
	ContactPhone string
	SlotID       int64
	Pupils       int
	Adults       int
	Workshop     *string
	Status       GroupBookingStatus
	Notes        *string
	ConfirmedAt  *time.Time
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

func (GroupBooking) TableName() string { return "group_bookings" }

func (g GroupBooking) Headcount() int { return g.Pupils + g.Adults }
