package domain

import "time"

type BidStatus string

const (
	BidActive    BidStatus = "active"
	BidAwarded   BidStatus = "awarded"
	BidWithdrawn BidStatus = "withdrawn"
	BidLost      BidStatus = "lost"
)

// Bid is a carrier's offer to haul a load at a rate.
type Bid struct {
	ID          string
	LoadID      string
	CarrierID   string
	AmountCents int64
	Note        string
	Status      BidStatus
	CreatedAt   time.Time
}

// BidStats summarises the active bids on a load.
type BidStats struct {
	Count    int
	LowCents int64
}

// Carrier is a motor carrier registered on the board.
type Carrier struct {
	ID               string
	Name             string
	MCNumber         string
	DOTNumber        string
	DispatchPhone    string
	DispatchEmail    string
	PayeeAccountID   string
	QuickPayEnrolled bool
	AutoQuickPay     bool
	ELDVendor        string
	ELDAccountID     string
}

// Shipper is a customer that posts loads.
type Shipper struct {
	ID           string
	Name         string
	ContactEmail string
}

// Lane is a carrier's preferred origin/destination pairing.
type Lane struct {
	CarrierID    string
	OriginState  string
	DestState    string
	Equipment    Equipment
	MinRateCents int64
	Notes        string
	UpdatedAt    time.Time
}
