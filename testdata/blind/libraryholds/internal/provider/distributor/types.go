// Package distributor is the client for the e-book distributor's partner
// API (v2). The library is one tenant; patrons are referred to by an
// opaque reference the distributor stores but never shows.
package distributor

import (
	"errors"
	"fmt"
	"time"
)

// CheckoutRequest lends a title to a patron.
type CheckoutRequest struct {
	PatronRef string `json:"patron_ref"`
	TitleID   string `json:"title_id"`
	Format    string `json:"format"`
	// ClientReference is stored with the checkout. A second request with
	// the same reference within 72 hours returns the first checkout instead
	// of consuming another license.
	ClientReference string `json:"client_reference,omitempty"`
}

// Checkout is the distributor's view of a loan.
type Checkout struct {
	CheckoutID string    `json:"checkout_id"`
	TitleID    string    `json:"title_id"`
	ExpiresAt  time.Time `json:"expires_at"`
}

// RenewRequest extends an active checkout by one lending period.
type RenewRequest struct {
	CheckoutID string `json:"-"`
	// IdempotencyKey goes in the Idempotency-Key header. The partner keeps
	// keys for 24 hours and replays the stored response for a repeat.
	IdempotencyKey string `json:"-"`
}

// Renewal is the result of a renewal.
type Renewal struct {
	CheckoutID   string    `json:"checkout_id"`
	ExpiresAt    time.Time `json:"expires_at"`
	RenewalsLeft int       `json:"renewals_left"`
}

// HoldRequest joins the distributor's wait list for a title.
type HoldRequest struct {
	PatronRef    string `json:"patron_ref"`
	TitleID      string `json:"title_id"`
	AutoCheckout bool   `json:"auto_checkout"`
}

// Hold is a wait-list entry.
type Hold struct {
	HoldID   string `json:"hold_id"`
	Position int    `json:"position"`
}

// Event is a callback the distributor posts to us.
type Event struct {
	EventID    string    `json:"event_id"`
	Type       string    `json:"type"`
	CheckoutID string    `json:"checkout_id,omitempty"`
	HoldID     string    `json:"hold_id,omitempty"`
	OccurredAt time.Time `json:"occurred_at"`
}

// Callback event types.
const (
	EventLoanExpired   = "loan.expired"
	EventLoanReturned  = "loan.returned"
	EventHoldAvailable = "hold.available"
)

// APIError is a non-2xx answer from the partner API.
type APIError struct {
	Status int
	Code   string `json:"code"`
	Detail string `json:"detail"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("distributor: %d %s: %s", e.Status, e.Code, e.Detail)
}

// Temporary reports whether the call may succeed if repeated.
func (e *APIError) Temporary() bool {
	return e.Status == 429 || e.Status >= 500
}

// ErrNoCopies is returned when every license is in use.
var ErrNoCopies = errors.New("distributor: no copies available")
