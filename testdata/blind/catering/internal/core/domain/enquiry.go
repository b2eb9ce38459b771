package domain

import (
	"strings"
	"time"

	"github.com/google/uuid"
)

type ServiceStyle string

const (
	StyleBuffet    ServiceStyle = "buffet"
	StylePlated    ServiceStyle = "plated"
	StyleCanapes   ServiceStyle = "canapes"
	StyleFoodTruck ServiceStyle = "food_truck"
)

func (s ServiceStyle) Valid() bool {
	switch s {
	case StyleBuffet, StylePlated, StyleCanapes, StyleFoodTruck:
		return true
	}
	return false
}

type EnquiryStatus string

const (
	EnquiryNew      EnquiryStatus = "new"
	EnquiryQuoted   EnquiryStatus = "quoted"
	EnquiryBooked   EnquiryStatus = "booked"
	EnquiryArchived EnquiryStatus = "archived"
)

type Customer struct {
	ID               uuid.UUID `json:"id"`
	Name             string    `json:"name"`
	Email            string    `json:"email"`
	Phone            string    `json:"phone,omitempty"`
	StripeCustomerID string    `json:"stripe_customer_id,omitempty"`
	CreditCents      int64     `json:"credit_cents"`
}

type Enquiry struct {
	ID          uuid.UUID     `json:"id"`
	CustomerID  uuid.UUID     `json:"customer_id"`
	VenueID     *uuid.UUID    `json:"venue_id,omitempty"`
	EventDate   time.Time     `json:"event_date"`
	GuestCount  int           `json:"guest_count"`
	Style       ServiceStyle  `json:"service_style"`
	BudgetCents *int64        `json:"budget_cents,omitempty"`
	Notes       string        `json:"notes"`
	Status      EnquiryStatus `json:"status"`
	CreatedAt   time.Time     `json:"created_at"`
}

// Validate checks the fields a prospective client fills in on the enquiry form.
func (e Enquiry) Validate(now time.Time) error {
	if e.GuestCount <= 0 {
		return Invalid("guest_count", "must be positive")
	}
	if e.GuestCount > 2000 {
		return Invalid("guest_count", "contact events team for more than 2000 guests")
	}
	if !e.Style.Valid() {
		return Invalid("service_style", "unknown style")
	}
	if e.EventDate.Before(now.AddDate(0, 0, 7)) {
		return Invalid("event_date", "must be at least a week ahead")
	}
	return nil
}

func NormalizeEmail(s string) string {
	return strings.ToLower(strings.TrimSpace(s))
}
