package domain

import "time"

// Pledge statuses.
const (
	PledgeOpen       = "open"
	PledgeFulfilled  = "fulfilled"
	PledgeWrittenOff = "written_off"
)

// Matching claim statuses.
const (
	ClaimSubmitted = "submitted"
	ClaimApproved  = "approved"
	ClaimPaid      = "paid"
	ClaimDeclined  = "declined"
)

type Campaign struct {
	Code        string `gorm:"primaryKey"`
	Name        string
	GoalCents   int64
	RaisedCents int64
}

type Pledge struct {
	ID           string `gorm:"primaryKey"`
	DonorID      string
	CampaignCode string
	AmountCents  int64
	PaidCents    int64
	MatchedCents int64
	Employer     *string
	Anonymous    bool
	Status       string
	CreatedAt    time.Time
}

// Balance is what the donor still owes on the pledge.
func (p Pledge) Balance() int64 { return p.AmountCents - p.PaidCents }

type PledgePayment struct {
	ID              string `gorm:"primaryKey"`
	PledgeID        string
	Source          string
	PaymentIntentID *string
	ReceiptNo       *string
	AmountCents     int64
	CreatedAt       time.Time
}

type MatchingClaim struct {
	ID             string `gorm:"primaryKey"`
	PledgeID       string
	PartnerClaimID *string
	Employer       string
	RequestedCents int64
	PaidCents      int64
	Status         string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}
