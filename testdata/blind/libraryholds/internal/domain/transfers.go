package domain

import "time"

// TransferStatus tracks an item moving between two branches.
type TransferStatus string

const (
	TransferRequested TransferStatus = "requested"
	TransferShipped   TransferStatus = "shipped"
	TransferReceived  TransferStatus = "received"
	TransferCancelled TransferStatus = "cancelled"
)

// Transfer moves one item from its current branch to a hold's pickup branch.
type Transfer struct {
	ID           string         `json:"id"`
	HoldID       string         `json:"hold_id"`
	ItemID       string         `json:"item_id"`
	FromBranchID string         `json:"from_branch_id"`
	ToBranchID   string         `json:"to_branch_id"`
	Status       TransferStatus `json:"status"`
	RequestedAt  time.Time      `json:"requested_at"`
	ShippedAt    *time.Time     `json:"shipped_at,omitempty"`
	ReceivedAt   *time.Time     `json:"received_at,omitempty"`
}

// PickTask is the line that shows up on a sending branch's pull list.
type PickTask struct {
	TransferID    string
	BranchID      string
	ItemID        string
	ShelfLocation string
	CreatedAt     time.Time
}

// Movement is an audit row for an item changing hands between branches.
type Movement struct {
	ID           string
	ItemID       string
	FromBranchID string
	ToBranchID   string
	Kind         string
	RecordedAt   time.Time
}

// Transfer message types carried on the inter-branch FIFO queue.
const (
	MsgTransferRequested = "transfer.requested"
	MsgTransferShipped   = "transfer.shipped"
	MsgTransferArrived   = "transfer.arrived"
	MsgTransferCancelled = "transfer.cancelled"
)

// TransferMessage is the body of every message on the transfer queue.
type TransferMessage struct {
	TransferID   string    `json:"transfer_id"`
	HoldID       string    `json:"hold_id"`
	ItemID       string    `json:"item_id"`
	FromBranchID string    `json:"from_branch_id"`
	ToBranchID   string    `json:"to_branch_id"`
	OccurredAt   time.Time `json:"occurred_at"`
}
