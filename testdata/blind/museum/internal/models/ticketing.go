// Package models holds the gorm models mapped onto the schema in
// migrations/.
package models

import (
	"time"

	"github.com/google/uuid"
)

type TicketOrderStatus string

const (
	TicketOrderHeld           TicketOrderStatus = "held"
	TicketOrderPendingPayment TicketOrderStatus = "pending_payment"
	TicketOrderPaid           TicketOrderStatus = "paid"
	TicketOrderCancelled      TicketOrderStatus = "cancelled"
	TicketOrderExpired        TicketOrderStatus = "expired"
	TicketOrderRefunded       TicketOrderStatus = "refunded"
)

type TimeSlot struct {
	ID       int64 `gorm:"primaryKey"`
	SiteID   string
	StartsAt time.Time
	EndsAt   time.Time
	Capacity int
	Reserved int
}

func (TimeSlot) TableName() string { return "time_slots" }

type TicketOrder struct {
	ID            uuid.UUID `gorm:"type:uuid;primaryKey"`
	CustomerEmail string
	CustomerName  string
	SlotID        int64
	AdultQty      int
	ConcessionQty int
	ChildQty      int
	AmountMinor   int64
	Currency      string
	Status        TicketOrderStatus
	HoldExpiresAt *time.Time
	MemberID      *uuid.UUID `gorm:"type:uuid"`
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

func (TicketOrder) TableName() string { return "ticket_orders" }

func (o TicketOrder) Quantity() int { return o.AdultQty + o.ConcessionQty + o.ChildQty }

type Ticket struct {
	OrderID    uuid.UUID `gorm:"type:uuid;primaryKey"`
	Seq        int       `gorm:"primaryKey"`
	Barcode    string
	TicketType string
	Status     string
	UsedAt     *time.Time
}

func (Ticket) TableName() string { return "tickets" }

type Admission struct {
	ScanID     string `gorm:"primaryKey"`
	GateID     string
	SiteID     string
	Barcode    string
	Direction  string
	Result     string
	ScannedAt  time.Time
	RecordedAt time.Time `gorm:"autoCreateTime"`
}

func (Admission) TableName() string { return "admissions" }
