// Package domain holds the auction house's core types. It has no
// dependencies on storage or transport.
package domain

import (
	"errors"
	"time"
)

// LotStatus is the lifecycle state of a lot.
type LotStatus string

const (
	LotDraft     LotStatus = "draft"
	LotScheduled LotStatus = "scheduled"
	LotLive      LotStatus = "live"
	LotSold      LotStatus = "sold"
	LotUnsold    LotStatus = "unsold"
	LotCancelled LotStatus = "cancelled"
)

// Open reports whether bids may be placed in this state.
func (s LotStatus) Open() bool { return s == LotScheduled || s == LotLive }

// Lot is an item listed for auction.
type Lot struct {
	ID             string    `json:"id"`
	SellerID       string    `json:"seller_id"`
	Title          string    `json:"title"`
	Description    string    `json:"description"`
	Category       string    `json:"category"`
	Currency       string    `json:"currency"`
	StartCents     int64     `json:"start_cents"`
	ReserveCents   int64     `json:"reserve_cents"`
	IncrementCents int64     `json:"increment_cents"`
	HighBidCents   int64     `json:"high_bid_cents"`
	HighBidderID   string    `json:"high_bidder_id,omitempty"`
	WeightGrams    int       `json:"weight_grams"`
	Status         LotStatus `json:"status"`
	StartsAt       time.Time `json:"starts_at"`
	EndsAt         time.Time `json:"ends_at"`
	CreatedAt      time.Time `json:"created_at"`
}

// MinimumNextBid is the lowest amount that would beat the current high bid.
func (l Lot) MinimumNextBid() int64 {
	if l.HighBidCents == 0 {
		return l.StartCents
	}
	return l.HighBidCents + l.IncrementCents
}

// Bid is one offer on a lot.
type Bid struct {
	ID          string    `json:"id"`
	LotID       string    `json:"lot_id"`
	BidderID    string    `json:"bidder_id"`
	AmountCents int64     `json:"amount_cents"`
	IdemKey     string    `json:"-"`
	PlacedAt    time.Time `json:"placed_at"`
}

// Question is a bidder's public question to the seller.
type Question struct {
	ID        string    `json:"id"`
	LotID     string    `json:"lot_id"`
	AskerID   string    `json:"asker_id"`
	Body      string    `json:"body"`
	CreatedAt time.Time `json:"created_at"`
}

// SecondChanceOffer lets a seller offer the lot to an under-bidder when the
// winner does not pay.
type SecondChanceOffer struct {
	ID          string    `json:"id"`
	LotID       string    `json:"lot_id"`
	BidderID    string    `json:"bidder_id"`
	AmountCents int64     `json:"amount_cents"`
	ExpiresAt   time.Time `json:"expires_at"`
}

// AuctionResult records how a lot closed.
type AuctionResult struct {
	LotID        string    `json:"lot_id"`
	Outcome      LotStatus `json:"outcome"`
	WinnerID     string    `json:"winner_id,omitempty"`
	WinningBidID string    `json:"winning_bid_id,omitempty"`
	HammerCents  int64     `json:"hammer_cents"`
	OrderID      string    `json:"order_id,omitempty"`
	ClosedAt     time.Time `json:"closed_at"`
}

// Common domain errors, mapped to HTTP statuses by the transport layer.
var (
	ErrNotFound      = errors.New("not found")
	ErrForbidden     = errors.New("forbidden")
	ErrConflict      = errors.New("conflict")
	ErrLotClosed     = errors.New("lot is not accepting bids")
	ErrBidTooLow     = errors.New("bid below minimum")
	ErrInvalidInput  = errors.New("invalid input")
	ErrAlreadyClosed = errors.New("lot already closed")
)
