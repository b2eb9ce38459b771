// Package domain holds the entities shared across services.
package domain

import "time"

// Donation statuses.
const (
	DonationPending           = "pending"
	DonationSucceeded         = "succeeded"
	DonationFailed            = "failed"
	DonationRefunded          = "refunded"
	DonationPartiallyRefunded = "partially_refunded"
)

// Donor is a person or organisation that gives.
type Donor struct {
	ID              string    `db:"id"`
	Email           string    `db:"email"`
	Name            string    `db:"name"`
	EmailStatus     string    `db:"email_status"`
	MergedInto      *string   `db:"merged_into"`
	LastReceiptYear *int      `db:"last_receipt_year"`
	CreatedAt       time.Time `db:"created_at"`
}

// Campaign is a fundraising drive donations are attributed to.
type Campaign struct {
	ID           string `db:"id"`
	Name         string `db:"name"`
	GoalCents    int64  `db:"goal_cents"`
	RaisedCents  int64  `db:"raised_cents"`
	OfflineCents int64  `db:"offline_cents"`
}

// Donation is a single one-off gift.
type Donation struct {
	ID                    string    `db:"id"`
	DonorID               string    `db:"donor_id"`
	CampaignID            string    `db:"campaign_id"`
	AmountCents           int64     `db:"amount_cents"`
	Currency              string    `db:"currency"`
	Status                string    `db:"status"`
	StripePaymentIntentID *string   `db:"stripe_payment_intent_id"`
	ClientSecret          *string   `db:"client_secret"`
	RefundedCents         int64     `db:"refunded_cents"`
	CreatedAt             time.Time `db:"created_at"`
	UpdatedAt             time.Time `db:"updated_at"`
}

// Refund mirrors a Stripe refund against a donation.
type Refund struct {
	ID          string    `db:"id"`
	DonationID  string    `db:"donation_id"`
	AmountCents int64     `db:"amount_cents"`
	Reason      string    `db:"reason"`
	CreatedAt   time.Time `db:"created_at"`
}

// Pledge is a recurring commitment charged off-session.
type Pledge struct {
	ID             string    `db:"id"`
	DonorID        string    `db:"donor_id"`
	CampaignID     string    `db:"campaign_id"`
	AmountCents    int64     `db:"amount_cents"`
	Currency       string    `db:"currency"`
	Interval       string    `db:"interval"`
	StripeCustomer string    `db:"stripe_customer_id"`
	StripePMethod  string    `db:"stripe_payment_method_id"`
	Status         string    `db:"status"`
	CreatedAt      time.Time `db:"created_at"`
}

// Installment is one period's charge of a pledge.
type Installment struct {
	PledgeID              string     `db:"pledge_id"`
	Period                string     `db:"period"`
	AmountCents           int64      `db:"amount_cents"`
	Status                string     `db:"status"`
	StripePaymentIntentID *string    `db:"stripe_payment_intent_id"`
	PaidAt                *time.Time `db:"paid_at"`
}

// LedgerEntry is one side of a double-entry posting.
type LedgerEntry struct {
	ID          string `db:"id"`
	DonationID  string `db:"donation_id"`
	EntryKind   string `db:"entry_kind"`
	Account     string `db:"account"`
	AmountCents int64  `db:"amount_cents"`
}

// OutboxMessage is an event waiting to be relayed to the FIFO queue.
type OutboxMessage struct {
	ID        string     `db:"id"`
	EventType string     `db:"event_type"`
	GroupID   string     `db:"group_id"`
	Payload   []byte     `db:"payload"`
	CreatedAt time.Time  `db:"created_at"`
	SentAt    *time.Time `db:"sent_at"`
}

// EmailOutboxRow records an e-mail we intend to send.
type EmailOutboxRow struct {
	ID         string     `db:"id"`
	MessageKey string     `db:"message_key"`
	ToEmail    string     `db:"to_email"`
	Template   string     `db:"template"`
	Status     string     `db:"status"`
	SentAt     *time.Time `db:"sent_at"`
}
