package domain

import "time"

type PledgeStatus string

const (
	PledgePendingAuth PledgeStatus = "pending_auth"
	PledgeAuthorized  PledgeStatus = "authorized"
	PledgeAuthFailed  PledgeStatus = "auth_failed"
	PledgeCancelling  PledgeStatus = "cancelling"
	PledgeCancelled   PledgeStatus = "cancelled"
	PledgeCaptured    PledgeStatus = "captured"
	PledgeRefunded    PledgeStatus = "refunded"
	PledgeDisputed    PledgeStatus = "disputed"
)

type Pledge struct {
	ID              string
	CampaignID      string
	BackerID        string
	BackerEmail     string
	TierID          string
	AmountCents     int64
	Currency        string
	Status          PledgeStatus
	CustomerRef     string
	PaymentMethod   string
	PaymentIntentID string
	IdempotencyKey  string
	CapturedAt      *time.Time
	CancelledAt     *time.Time
	CreatedAt       time.Time
}

// Active pledges count towards the campaign total.
func (p Pledge) Active() bool {
	return p.Status == PledgePendingAuth || p.Status == PledgeAuthorized
}

type Addon struct {
	ID        string
	PledgeID  string
	SKU       string
	Quantity  int32
	UnitCents int64
	CreatedAt time.Time
}

func (a Addon) TotalCents() int64 { return int64(a.Quantity) * a.UnitCents }

type Adjustment struct {
	ID         string
	PledgeID   string
	DeltaCents int64
	Reason     string
	CreatedAt  time.Time
}

type ShippingAddress struct {
	PledgeID   string
	Name       string
	Line1      string
	Line2      string
	City       string
	Region     string
	PostalCode string
	Country    string
	Phone      string
}

func (a ShippingAddress) Complete() bool {
	return a.Name != "" && a.Line1 != "" && a.City != "" && a.PostalCode != "" && a.Country != ""
}

type RefundStatus string

const (
	RefundPending   RefundStatus = "pending"
	RefundSucceeded RefundStatus = "succeeded"
	RefundFailed    RefundStatus = "failed"
)

type Refund struct {
	ID             string
	PledgeID       string
	AmountCents    int64
	Reason         string
	Status         RefundStatus
	StripeRefundID string
	RequestedBy    string
	CreatedAt      time.Time
}

type Dispute struct {
	ID              string
	StripeDisputeID string
	PledgeID        string
	AmountCents     int64
	Reason          string
	Status          string
	CreatedAt       time.Time
}
