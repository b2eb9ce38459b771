package domain

import (
	"time"

	"github.com/google/uuid"
)

type MembershipStatus string

const (
	MembershipPending   MembershipStatus = "pending"
	MembershipActive    MembershipStatus = "active"
	MembershipPastDue   MembershipStatus = "past_due"
	MembershipCancelled MembershipStatus = "cancelled"
	MembershipExpired   MembershipStatus = "expired"
	MembershipFailed    MembershipStatus = "failed"
)

type Membership struct {
	ID                    uuid.UUID        `db:"id" json:"id"`
	MemberID              uuid.UUID        `db:"member_id" json:"member_id"`
	PlanCode              string           `db:"plan_code" json:"plan_code"`
	RequestKey            string           `db:"request_key" json:"-"`
	Status                MembershipStatus `db:"status" json:"status"`
	AutoRenew             bool             `db:"auto_renew" json:"auto_renew"`
	StartedAt             *time.Time       `db:"started_at" json:"started_at,omitempty"`
	ExpiresAt             *time.Time       `db:"expires_at" json:"expires_at,omitempty"`
	GuestPassBalance      int              `db:"guest_pass_balance" json:"guest_pass_balance"`
	StripePaymentIntentID *string          `db:"stripe_payment_intent_id" json:"-"`
	StripeSubscriptionID  *string          `db:"stripe_subscription_id" json:"-"`
	DefaultPaymentMethod  *string          `db:"default_payment_method" json:"-"`
	CreatedAt             time.Time        `db:"created_at" json:"created_at"`
	UpdatedAt             time.Time        `db:"updated_at" json:"updated_at"`
}

// IsValidAt reports whether the membership grants lounge access at t.
func (m Membership) IsValidAt(t time.Time) bool {
	if m.Status != MembershipActive && m.Status != MembershipPastDue {
		return false
	}
	if m.StartedAt == nil || m.ExpiresAt == nil {
		return false
	}
	return !t.Before(*m.StartedAt) && t.Before(*m.ExpiresAt)
}

type CancellationStatus string

const (
	CancellationPending  CancellationStatus = "pending"
	CancellationRefunded CancellationStatus = "refunded"
	CancellationNoRefund CancellationStatus = "no_refund"
)

type MembershipCancellation struct {
	ID             uuid.UUID          `db:"id" json:"id"`
	MembershipID   uuid.UUID          `db:"membership_id" json:"membership_id"`
	Reason         string             `db:"reason" json:"reason"`
	RefundCents    int64              `db:"refund_cents" json:"refund_cents"`
	Status         CancellationStatus `db:"status" json:"status"`
	StripeRefundID *string            `db:"stripe_refund_id" json:"-"`
	CreatedAt      time.Time          `db:"created_at" json:"created_at"`
	CompletedAt    *time.Time         `db:"completed_at" json:"completed_at,omitempty"`
}

type PaymentCard struct {
	ID           uuid.UUID `db:"id" json:"id"`
	MemberID     uuid.UUID `db:"member_id" json:"member_id"`
	Fingerprint  string    `db:"fingerprint" json:"-"`
	NetworkToken string    `db:"network_token" json:"-"`
	Brand        string    `db:"brand" json:"brand"`
	Last4        string    `db:"last4" json:"last4"`
	BenefitTier  *string   `db:"benefit_tier" json:"benefit_tier,omitempty"`
	CreatedAt    time.Time `db:"created_at" json:"created_at"`
}

type RenewalCharge struct {
	ID                    uuid.UUID `db:"id"`
	MembershipID          uuid.UUID `db:"membership_id"`
	PeriodStart           time.Time `db:"period_start"`
	AmountCents           int64     `db:"amount_cents"`
	Currency              string    `db:"currency"`
	Status                string    `db:"status"`
	StripePaymentIntentID *string   `db:"stripe_payment_intent_id"`
	CreatedAt             time.Time `db:"created_at"`
	UpdatedAt             time.Time `db:"updated_at"`
}

type Notification struct {
	ID           uuid.UUID `db:"id"`
	MembershipID uuid.UUID `db:"membership_id"`
	Kind         string    `db:"kind"`
	Period       string    `db:"period"`
	Channel      string    `db:"channel"`
	SentAt       time.Time `db:"sent_at"`
}

// RenewalCandidate is a membership nearing expiry joined with its member's
// contact details.
type RenewalCandidate struct {
	MembershipID  uuid.UUID `db:"membership_id"`
	MemberID      uuid.UUID `db:"member_id"`
	FullName      string    `db:"full_name"`
	Email         string    `db:"email"`
	Phone         *string   `db:"phone"`
	PlanCode      string    `db:"plan_code"`
	ExpiresAt     time.Time `db:"expires_at"`
	PriceCents    int64     `db:"price_cents"`
	Currency      string    `db:"currency"`
	PeriodMonths  int       `db:"period_months"`
	CustomerID    *string   `db:"stripe_customer_id"`
	PaymentMethod *string   `db:"default_payment_method"`
}
