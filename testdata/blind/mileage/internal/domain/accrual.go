package domain

import "time"

// PartnerAccrual is a hotel stay or card spend reported by a partner.
type PartnerAccrual struct {
	PartnerCode  string
	PartnerTxnID string
	MemberID     string
	Category     string
	BaseMiles    int64
	BonusMiles   int64
	ActivityDate time.Time
}

// RentalAccrual is a car rental credited to a member.
type RentalAccrual struct {
	ID              string
	MemberID        string
	RentalCompany   string
	AgreementNumber string
	RentalDays      int
	Miles           int64
	PickupDate      time.Time
}

// FlightCredit is a flown coupon credited to a member.
type FlightCredit struct {
	MemberID         string
	TicketNumber     string
	CouponNumber     int
	MarketingCarrier string
	FlightNumber     string
	FlightDate       time.Time
	FareClass        string
	Miles            int64
	TierMiles        int64
}

// RetroClaim is a member's request for missing flight credit.
type RetroClaim struct {
	ID           string
	MemberID     string
	TicketNumber string
	FlightNumber string
	FlightDate   time.Time
	Status       string
	CreatedAt    time.Time
}

// Voucher is an upgrade voucher bought with miles.
type Voucher struct {
	ID         string
	MemberID   string
	Code       string
	Type       string
	Miles      int64
	Status     string
	ValidUntil time.Time
	CreatedAt  time.Time
}

// Notification is an SMS sent to a member.
type Notification struct {
	MemberID          string
	DedupKey          string
	Template          string
	Phone             string
	Status            string
	ProviderMessageID string
}

// StoredResponse is the recorded outcome of an API request made with an
// Idempotency-Key.
type StoredResponse struct {
	StatusCode int
	Body       []byte
	Completed  bool
}

// GatewayEvent is a payment-gateway webhook delivery.
type GatewayEvent struct {
	EventID   string
	EventType string
	ChargeID  string
	Payload   []byte
}
