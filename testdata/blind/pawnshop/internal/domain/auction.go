package domain

import (
	"time"

	"github.com/google/uuid"
)

type ListingStatus string

const (
	ListingPending   ListingStatus = "pending"
	ListingLive      ListingStatus = "live"
	ListingSold      ListingStatus = "sold"
	ListingUnsold    ListingStatus = "unsold"
	ListingWithdrawn ListingStatus = "withdrawn"
)

type Listing struct {
	ID         uuid.UUID     `db:"id"`
	ItemID     uuid.UUID     `db:"item_id"`
	LotID      string        `db:"lot_id"`
	Status     ListingStatus `db:"status"`
	Reserve    Cents         `db:"reserve_cents"`
	ListingURL *string       `db:"listing_url"`
	CreatedAt  time.Time     `db:"created_at"`
}

type Sale struct {
	ID           uuid.UUID `db:"id"`
	LotID        string    `db:"lot_id"`
	ItemID       uuid.UUID `db:"item_id"`
	Hammer       Cents     `db:"hammer_cents"`
	BuyerPremium Cents     `db:"buyer_premium_cents"`
	SoldAt       time.Time `db:"sold_at"`
}

type SettlementStatus string

const (
	SettlementReceived SettlementStatus = "received"
	SettlementApplied  SettlementStatus = "applied"
)

type Settlement struct {
	ID                  uuid.UUID        `db:"id"`
	PartnerSettlementID string           `db:"partner_settlement_id"`
	LotID               string           `db:"lot_id"`
	Gross               Cents            `db:"gross_cents"`
	Fees                Cents            `db:"fees_cents"`
	Net                 Cents            `db:"net_cents"`
	PaidAt              time.Time        `db:"paid_at"`
	Status              SettlementStatus `db:"status"`
	AppliedAt           *time.Time       `db:"applied_at"`
}

type CreditSource string

const (
	CreditAuctionSurplus CreditSource = "auction_surplus"
	CreditGoodwill       CreditSource = "goodwill"
)

type CustomerCredit struct {
	ID         uuid.UUID    `db:"id"`
	CustomerID uuid.UUID    `db:"customer_id"`
	LoanID     *uuid.UUID   `db:"loan_id"`
	Amount     Cents        `db:"amount_cents"`
	Source     CreditSource `db:"source"`
	Reference  string       `db:"reference"`
}

// LotSold is AuctionHub's lot.sold notification.
type LotSold struct {
	LotID        string    `json:"lot_id"`
	Hammer       Cents     `json:"hammer_cents"`
	BuyerPremium Cents     `json:"buyer_premium_cents"`
	SoldAt       time.Time `json:"sold_at"`
}

// SettlementPaid is AuctionHub's settlement.paid notification: the partner
// has wired the net proceeds for one lot.
type SettlementPaid struct {
	SettlementID string    `json:"settlement_id"`
	LotID        string    `json:"lot_id"`
	Gross        Cents     `json:"gross_cents"`
	Fees         Cents     `json:"fees_cents"`
	Net          Cents     `json:"net_cents"`
	PaidAt       time.Time `json:"paid_at"`
}
