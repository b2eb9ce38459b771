// Package compensation pays donors: it issues prepaid cards through the
// card issuer, accrues a fee for each completed donation, pays loyalty
// milestones and staff-approved adjustments, and tracks settlement.
package compensation

import (
	"errors"
	"time"
)

// Card statuses mirrored from the issuer.
const (
	CardInactive = "inactive"
	CardActive   = "active"
	CardBlocked  = "blocked"
	CardReplaced = "replaced"
	CardClosed   = "closed"
)

// Payout kinds and statuses.
const (
	KindDonation   = "donation"
	KindAdjustment = "adjustment"
	KindMilestone  = "milestone"

	PayoutPending   = "pending"
	PayoutSubmitted = "submitted"
	PayoutSettled   = "settled"
	PayoutFailed    = "failed"
)

// ErrNoLiveCard is returned when a donor has no card to load yet.
var ErrNoLiveCard = errors.New("donor has no live card")

// Card is a donor's prepaid card.
type Card struct {
	ID                string
	DonorID           string
	IssuerCardID      string
	Last4             string
	Status            string
	StatusUpdatedAt   time.Time
	SettledTotalCents int64
}

// CardRequest is an order for a new or replacement card.
type CardRequest struct {
	ID           string
	DonorID      string
	Kind         string // issue, replace
	RequestID    string
	Status       string
	IssuerCardID string
	RequestedBy  string
	CreatedAt    time.Time
}

// Payout is money owed to a donor and its progress through the issuer.
type Payout struct {
	ID               string
	DonorID          string
	SessionID        *string
	Kind             string
	AmountCents      int64
	Currency         string
	Status           string
	IssuerTransferID string
	CreatedAt        time.Time
}

// PayoutAttempt is one call to the issuer for a payout.
type PayoutAttempt struct {
	ID          string
	PayoutID    string
	Attempt     int
	Outcome     string
	Detail      string
	AttemptedAt time.Time
}

// Adjustment is a staff-approved credit (goodwill, missed fee, referral).
type Adjustment struct {
	ID          string
	DonorID     string
	PayoutID    string
	AmountCents int64
	ReasonCode  string
	Note        string
	ApprovedBy  string
	CreatedAt   time.Time
}

// MilestoneAward tracks a loyalty bonus for a donor and month.
type MilestoneAward struct {
	DonorID          string
	Milestone        string
	AmountCents      int64
	Status           string
	IssuerTransferID string
}

// DonationAccrual is what the donation service reports on completion.
type DonationAccrual struct {
	SessionID   string
	DonorID     string
	CentreID    string
	VolumeML    int
	CompletedAt time.Time
}

// IssueCardInput orders a donor's first card.
type IssueCardInput struct {
	DonorID     string
	Form        string
	RequestedBy string
}

// ReissueCardInput replaces a lost or damaged card.
type ReissueCardInput struct {
	DonorID     string
	RequestID   string
	RequestedBy string
}

// AdjustmentInput is a staff credit request.
type AdjustmentInput struct {
	DonorID     string
	AmountCents int64
	ReasonCode  string
	Note        string
	ApprovedBy  string
}

// Adjustment reason codes.
var adjustmentReasons = map[string]bool{
	"MISSED_FEE": true,
	"GOODWILL":   true,
	"REFERRAL":   true,
	"PROMO":      true,
}

// MaxAdjustmentCents caps a single adjustment; larger credits need finance.
const MaxAdjustmentCents = 20000

// Milestone schedule: donations completed within one calendar month.
const (
	MilestoneDonations   = 8
	MilestoneBonusCents  = 5000
	NewDonorWindowDays   = 30
	NewDonorMaxDonations = 5
)
