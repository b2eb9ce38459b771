// Package domain holds the types shared by the services, the store and the
// transport layers. Nothing in here talks to the network or the database.
package domain

import "time"

// HoldStatus is the lifecycle state of a hold on a physical title.
type HoldStatus string

const (
	HoldWaiting   HoldStatus = "waiting"
	HoldInTransit HoldStatus = "in_transit"
	HoldReady     HoldStatus = "ready"
	HoldCancelled HoldStatus = "cancelled"
)

// Hold is a patron's request for the next available copy of a title,
// picked up at a branch of their choosing.
type Hold struct {
	ID             string     `json:"id"`
	PatronID       string     `json:"patron_id"`
	TitleID        string     `json:"title_id"`
	PickupBranchID string     `json:"pickup_branch_id"`
	Status         HoldStatus `json:"status"`
	ItemID         string     `json:"item_id,omitempty"`
	PlacedAt       time.Time  `json:"placed_at"`
	ReadyAt        *time.Time `json:"ready_at,omitempty"`
	PickupBy       *time.Time `json:"pickup_by,omitempty"`
}

// Patron is a library card holder.
type Patron struct {
	ID                   string
	CardNumber           string
	Email                string
	DisplayName          string
	HomeBranchID         string
	StripeCustomerID     string
	AutopayPaymentMethod string
	BalanceCents         int64
}

// Item is one physical copy, identified by its barcode.
type Item struct {
	ID       string
	TitleID  string
	BranchID string
	Status   string
}

// Loan is a checkout of a physical item.
type Loan struct {
	ID               string
	ItemID           string
	PatronID         string
	DueAt            time.Time
	ReturnedAt       *time.Time
	ReplacementCents int64
}
