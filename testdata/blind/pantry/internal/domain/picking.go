package domain

import (
	"time"

	"github.com/google/uuid"
)

// PickLine records how much of an order line the picker put in the bag.
type PickLine struct {
	OrderID   uuid.UUID
	LineNo    int
	PickedQty int
	PickerID  string
	UpdatedAt time.Time
}

// PickEvent is an append-only log entry of handheld scans.
type PickEvent struct {
	ID       uuid.UUID
	OrderID  uuid.UUID
	LineNo   int
	PickerID string
	Action   string
	Qty      int
	At       time.Time
}

// Substitution is a replacement product proposed by the picker.
type Substitution struct {
	ID             string
	OrderID        uuid.UUID
	LineNo         int
	SubstituteSKU  string
	Quantity       int
	UnitPriceCents int64
	ProposedBy     string
	CreatedAt      time.Time
}

// Bag is a numbered bag (tote) of a packed order.
type Bag struct {
	OrderID uuid.UUID
	BagNo   int
	Zone    string
	Label   string
}

// Shortage records missing quantity on an order line.
type Shortage struct {
	OrderID    uuid.UUID
	LineNo     int
	ShortQty   int
	RefundCent int64
	ReportedBy string
}
