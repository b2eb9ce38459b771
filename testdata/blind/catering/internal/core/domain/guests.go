package domain

import (
	"strings"
	"time"

	"github.com/google/uuid"
)

type DietaryFormID string

type DietaryForm struct {
	ID           DietaryFormID `json:"id"`
	EventID      uuid.UUID     `json:"event_id"`
	GuestName    string        `json:"guest_name"`
	GuestEmail   string        `json:"guest_email"`
	Requirements []string      `json:"requirements"`
	Allergens    []string      `json:"allergens"`
	Notes        string        `json:"notes"`
	SubmittedAt  time.Time     `json:"submitted_at"`
}

var knownRequirements = map[string]bool{
	"vegetarian": true, "vegan": true, "pescatarian": true, "halal": true,
	"kosher": true, "gluten_free": true, "dairy_free": true, "low_fodmap": true,
}

// Normalize lowercases and filters requirement tags to the known set;
// allergens are kept free-form for the kitchen.
func (f *DietaryForm) Normalize() {
	reqs := f.Requirements[:0]
	for _, r := range f.Requirements {
		r = strings.ToLower(strings.TrimSpace(r))
		if knownRequirements[r] {
			reqs = append(reqs, r)
		}
	}
	f.Requirements = reqs
	for i, a := range f.Allergens {
		f.Allergens[i] = strings.ToLower(strings.TrimSpace(a))
	}
	f.GuestEmail = NormalizeEmail(f.GuestEmail)
}

type Guest struct {
	ID       uuid.UUID `json:"id"`
	EventID  uuid.UUID `json:"event_id"`
	Name     string    `json:"name"`
	Phone    string    `json:"phone"`
	Email    string    `json:"email,omitempty"`
	OptedOut bool      `json:"opted_out"`
}

type SMSStatus string

const (
	SMSQueued    SMSStatus = "queued"
	SMSSent      SMSStatus = "sent"
	SMSDelivered SMSStatus = "delivered"
	SMSFailed    SMSStatus = "failed"
)

type SMSMessage struct {
	ID                string    `json:"id"`
	BatchID           string    `json:"batch_id"`
	EventID           uuid.UUID `json:"event_id"`
	GuestID           uuid.UUID `json:"guest_id"`
	Template          string    `json:"template"`
	To                string    `json:"to"`
	Body              string    `json:"body"`
	Status            SMSStatus `json:"status"`
	ProviderMessageID string    `json:"provider_message_id,omitempty"`
}

type DeliveryReceipt struct {
	ProviderMessageID string    `json:"provider_message_id"`
	Status            string    `json:"status"`
	ErrorCode         string    `json:"error_code,omitempty"`
	OccurredAt        time.Time `json:"occurred_at"`
}

type InboundSMS struct {
	From       string    `json:"from"`
	Body       string    `json:"body"`
	ReceivedAt time.Time `json:"received_at"`
}

// IsOptOut reports whether an inbound message is a carrier opt-out keyword.
func (m InboundSMS) IsOptOut() (string, bool) {
	kw := strings.ToUpper(strings.TrimSpace(m.Body))
	switch kw {
	case "STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT":
		return kw, true
	}
	return "", false
}
