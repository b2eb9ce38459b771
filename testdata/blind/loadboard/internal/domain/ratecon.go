package domain

import "time"

type RateConStatus string

const (
	RateConDraft  RateConStatus = "draft"
	RateConSent   RateConStatus = "sent"
	RateConSigned RateConStatus = "signed"
	RateConVoided RateConStatus = "voided"
)

// RateConfirmation is the contract the carrier signs for a booked load.
type RateConfirmation struct {
	ID         string
	TenderID   string
	LoadID     string
	CarrierID  string
	RateCents  int64
	EnvelopeID string
	Status     RateConStatus
	SignedAt   *time.Time
	CreatedAt  time.Time
}

type DocumentType string

const (
	DocRateCon DocumentType = "rate_confirmation"
	DocPOD     DocumentType = "proof_of_delivery"
	DocBOL     DocumentType = "bill_of_lading"
)

// Document is a file attached to a load.
type Document struct {
	ID         string
	LoadID     string
	Type       DocumentType
	StorageURL string
	Source     string
	CreatedAt  time.Time
}

// Notification is a message sent to a carrier or shipper contact.
type Notification struct {
	ID                string
	DedupKey          string
	Channel           string
	Recipient         string
	Template          string
	Status            string
	ProviderMessageID string
	SentAt            *time.Time
	CreatedAt         time.Time
}
