package cardissuer

import (
	"encoding/json"
	"time"
)

// Address is a postal address for card delivery.
type Address struct {
	Line1      string `json:"line1"`
	Line2      string `json:"line2,omitempty"`
	City       string `json:"city"`
	Region     string `json:"region"`
	PostalCode string `json:"postal_code"`
	Country    string `json:"country"`
}

// CardholderRequest registers a cardholder.
type CardholderRequest struct {
	ExternalRef string  `json:"external_ref"`
	FirstName   string  `json:"first_name"`
	LastName    string  `json:"last_name"`
	DateOfBirth string  `json:"date_of_birth"`
	Phone       string  `json:"phone"`
	Email       string  `json:"email,omitempty"`
	Address     Address `json:"address"`
}

// Cardholder is the issuer's cardholder record.
type Cardholder struct {
	ID        string `json:"id"`
	KYCStatus string `json:"kyc_status"`
}

// IssueCardRequest orders a card.
type IssueCardRequest struct {
	CardholderID string `json:"cardholder_id"`
	Form         string `json:"form"` // "physical" or "instant"
	ReplacesCard string `json:"replaces_card,omitempty"`
	Reference    string `json:"reference,omitempty"`
}

// Card is an issued card.
type Card struct {
	ID           string    `json:"id"`
	CardholderID string    `json:"cardholder_id"`
	Last4        string    `json:"last4"`
	Status       string    `json:"status"`
	CreatedAt    time.Time `json:"created_at"`
}

// LoadRequest moves funds onto a card.
type LoadRequest struct {
	CardID      string            `json:"card_id"`
	AmountCents int64             `json:"amount"`
	Currency    string            `json:"currency"`
	Description string            `json:"description"`
	Metadata    map[string]string `json:"metadata,omitempty"`
}

// Load is the issuer's transfer record for a load.
type Load struct {
	ID          string `json:"id"`
	Status      string `json:"status"` // pending, settled, failed
	AmountCents int64  `json:"amount"`
}

// Event is a webhook delivery envelope.
type Event struct {
	ID      string          `json:"id"`
	Type    string          `json:"type"`
	Created time.Time       `json:"created"`
	Data    json.RawMessage `json:"data"`
}

// LoadEventData is the data of load.settled / load.failed events.
type LoadEventData struct {
	LoadID        string            `json:"load_id"`
	CardID        string            `json:"card_id"`
	AmountCents   int64             `json:"amount"`
	FailureReason string            `json:"failure_reason,omitempty"`
	Metadata      map[string]string `json:"metadata,omitempty"`
}

// CardEventData is the data of card.* events.
type CardEventData struct {
	CardID string `json:"card_id"`
	Status string `json:"status"`
}

// Event types we subscribe to.
const (
	EventLoadSettled   = "load.settled"
	EventLoadFailed    = "load.failed"
	EventCardActivated = "card.activated"
	EventCardBlocked   = "card.blocked"
	EventCardClosed    = "card.closed"
)
