package domain

import "time"

// Redemption statuses.
const (
	RedemptionRequested          = "requested"
	RedemptionTicketed           = "ticketed"
	RedemptionFailed             = "failed"
	RedemptionCancelled          = "cancelled"
	RedemptionCancelledByAirline = "cancelled_by_airline"
)

// Redemption kinds.
const (
	RedemptionAward   = "award"
	RedemptionUpgrade = "upgrade"
)

// Passenger travelling on an award ticket.
type Passenger struct {
	FirstName   string `json:"firstName"`
	LastName    string `json:"lastName"`
	DateOfBirth string `json:"dateOfBirth"`
}

// Redemption is a request to spend miles on a ticket or an upgrade.
type Redemption struct {
	ID          string
	MemberID    string
	RequestKey  string
	Kind        string
	OfferCode   string
	Origin      string
	Destination string
	FlightDate  time.Time
	Cabin       string
	Passengers  []Passenger
	PNR         string
	SegmentRef  string
	ProviderRef string
	Miles       int64
	Status      string
	CreatedAt   time.Time
}

// Transfer statuses.
const (
	TransferPending   = "pending"
	TransferSubmitted = "submitted"
	TransferPosted    = "posted"
	TransferRejected  = "rejected"
	TransferReversed  = "reversed"
)

// Transfer moves miles to a hotel partner programme.
type Transfer struct {
	ID              string
	MemberID        string
	ClientKey       string
	PartnerCode     string
	PartnerMemberID string
	Miles           int64
	PartnerPoints   int64
	Status          string
	PartnerTxnRef   string
	ReversalRef     string
	CreatedAt       time.Time
}

// Purchase statuses.
const (
	PurchasePending  = "pending"
	PurchaseCaptured = "captured"
	PurchaseFailed   = "failed"
	PurchaseRefunded = "refunded"
)

// Purchase is a card purchase of miles.
type Purchase struct {
	ID             string
	MemberID       string
	IdempotencyKey string
	Source         string
	Miles          int64
	AmountCents    int64
	Currency       string
	CardToken      string
	Status         string
	ChargeID       string
	RefundedMiles  int64
	RefundedCents  int64
	CreatedAt      time.Time
}
