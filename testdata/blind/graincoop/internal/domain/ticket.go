package domain

import (
	"time"

	"github.com/shopspring/decimal"
)

type TicketStatus string

const (
	TicketInbound  TicketStatus = "inbound"
	TicketComplete TicketStatus = "complete"
	TicketGraded   TicketStatus = "graded"
	TicketApplied  TicketStatus = "applied"
	TicketVoided   TicketStatus = "voided"
	TicketReweigh  TicketStatus = "reweigh_requested"
)

type ScaleTicket struct {
	ID            int64           `gorm:"primaryKey" json:"id"`
	ElevatorID    string          `json:"elevator_id"`
	TicketNo      string          `json:"ticket_no"`
	GrowerID      int64           `json:"grower_id"`
	Commodity     Commodity       `json:"commodity"`
	TruckID       string          `json:"truck_id"`
	GrossLb       int             `json:"gross_lb"`
	TareLb        int             `json:"tare_lb"`
	NetLb         int             `json:"net_lb"`
	MoisturePct   decimal.Decimal `gorm:"type:numeric(5,2)" json:"moisture_pct"`
	TestWeight    decimal.Decimal `gorm:"type:numeric(5,2)" json:"test_weight"`
	GrossBu       decimal.Decimal `gorm:"type:numeric(14,2)" json:"gross_bu"`
	ShrinkBu      decimal.Decimal `gorm:"type:numeric(14,2)" json:"shrink_bu"`
	NetBu         decimal.Decimal `gorm:"type:numeric(14,2)" json:"net_bu"`
	DryingCharge  decimal.Decimal `gorm:"type:numeric(12,2)" json:"drying_charge"`
	GradeDiscount decimal.Decimal `gorm:"type:numeric(12,2)" json:"grade_discount"`
	Status        TicketStatus    `json:"status"`
	Source        string          `json:"source"`
	WeighedInAt   time.Time       `json:"weighed_in_at"`
	WeighedOutAt  *time.Time      `json:"weighed_out_at,omitempty"`
	VoidedAt      *time.Time      `json:"voided_at,omitempty"`
	VoidReason    string          `json:"void_reason,omitempty"`
	CreatedAt     time.Time       `json:"created_at"`
	UpdatedAt     time.Time       `json:"updated_at"`
}

type GradeResult struct {
	ID            int64            `gorm:"primaryKey" json:"id"`
	TicketID      int64            `json:"ticket_id"`
	LabSampleID   string           `json:"lab_sample_id"`
	Grade         int              `json:"grade"`
	ForeignPct    decimal.Decimal  `gorm:"type:numeric(5,2)" json:"foreign_pct"`
	DamagePct     decimal.Decimal  `gorm:"type:numeric(5,2)" json:"damage_pct"`
	ProteinPct    *decimal.Decimal `gorm:"type:numeric(5,2)" json:"protein_pct,omitempty"`
	DiscountPerBu decimal.Decimal  `gorm:"type:numeric(8,4)" json:"discount_per_bu"`
	Revision      int              `json:"revision"`
	GradedAt      time.Time        `json:"graded_at"`
	CreatedAt     time.Time        `json:"created_at"`
}

type PremiumAdjustment struct {
	ID            int64           `gorm:"primaryKey" json:"id"`
	GrowerID      int64           `json:"grower_id"`
	TicketID      *int64          `json:"ticket_id,omitempty"`
	Season        int             `json:"season"`
	Kind          string          `json:"kind"`
	Amount        decimal.Decimal `gorm:"type:numeric(12,2)" json:"amount"`
	Reason        string          `json:"reason"`
	SourceEventID string          `json:"source_event_id"`
	CreatedAt     time.Time       `json:"created_at"`
}

type ProcessedEvent struct {
	Consumer    string `gorm:"primaryKey"`
	EventID     string `gorm:"primaryKey"`
	ProcessedAt time.Time
}
