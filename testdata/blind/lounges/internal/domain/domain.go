// Package domain holds the types shared by the service, repository and
// transport layers.
package domain

import (
	"errors"
	"time"

	"github.com/google/uuid"
)

var (
	ErrNotFound         = errors.New("not found")
	ErrConflict         = errors.New("conflict")
	ErrInvalidState     = errors.New("invalid state")
	ErrNotEntitled      = errors.New("not entitled")
	ErrInsufficient     = errors.New("insufficient balance")
	ErrValidation       = errors.New("validation failed")
	ErrLoungeAtCapacity = errors.New("lounge at capacity")
)

// Money is an amount in the minor unit of Currency.
type Money struct {
	Cents    int64  `json:"cents"`
	Currency string `json:"currency"`
}

type Member struct {
	ID               uuid.UUID `db:"id" json:"id"`
	Email            string    `db:"email" json:"email"`
	FullName         string    `db:"full_name" json:"full_name"`
	Phone            *string   `db:"phone" json:"phone,omitempty"`
	StripeCustomerID *string   `db:"stripe_customer_id" json:"-"`
	CreatedAt        time.Time `db:"created_at" json:"created_at"`
	UpdatedAt        time.Time `db:"updated_at" json:"updated_at"`
}

type Lounge struct {
	ID                uuid.UUID `db:"id" json:"id"`
	Code              string    `db:"code" json:"code"`
	AirportIATA       string    `db:"airport_iata" json:"airport"`
	Name              string    `db:"name" json:"name"`
	Terminal          *string   `db:"terminal" json:"terminal,omitempty"`
	Capacity          int       `db:"capacity" json:"capacity"`
	DayPassPriceCents int64     `db:"day_pass_price_cents" json:"day_pass_price_cents"`
	Currency          string    `db:"currency" json:"currency"`
	Timezone          string    `db:"timezone" json:"timezone"`
	Active            bool      `db:"active" json:"active"`
}

type Plan struct {
	Code                string  `db:"code" json:"code"`
	Name                string  `db:"name" json:"name"`
	PriceCents          int64   `db:"price_cents" json:"price_cents"`
	Currency            string  `db:"currency" json:"currency"`
	PeriodMonths        int     `db:"period_months" json:"period_months"`
	GuestPassesPerMonth int     `db:"guest_passes_per_month" json:"guest_passes_per_month"`
	GuestPassPriceCents int64   `db:"guest_pass_price_cents" json:"guest_pass_price_cents"`
	StripePriceID       *string `db:"stripe_price_id" json:"-"`
}
