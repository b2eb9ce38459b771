package weighbridge

import (
	"time"

	"github.com/shopspring/decimal"
)

// Event types published by the scale-house software.
const (
	TicketCaptured  = "ticket.captured"
	TicketCompleted = "ticket.completed"
	TicketVoided    = "ticket.voided"
)

// TicketCapturedEvent is sent when a loaded truck crosses the inbound scale.
type TicketCapturedEvent struct {
	ElevatorID  string          `json:"elevator_id"`
	TicketNo    string          `json:"ticket_no"`
	MemberNo    string          `json:"member_no"`
	Commodity   string          `json:"commodity"`
	TruckID     string          `json:"truck_id"`
	GrossLb     int             `json:"gross_lb"`
	MoisturePct decimal.Decimal `json:"moisture_pct"`
	TestWeight  decimal.Decimal `json:"test_weight"`
	WeighedAt   time.Time       `json:"weighed_at"`
}

// TicketCompletedEvent is sent when the empty truck crosses the outbound
// scale and the tare is known.
type TicketCompletedEvent struct {
	ElevatorID string    `json:"elevator_id"`
	TicketNo   string    `json:"ticket_no"`
	TareLb     int       `json:"tare_lb"`
	WeighedAt  time.Time `json:"weighed_at"`
}

type TicketVoidedEvent struct {
	ElevatorID string    `json:"elevator_id"`
	TicketNo   string    `json:"ticket_no"`
	Reason     string    `json:"reason"`
	VoidedBy   string    `json:"voided_by"`
	VoidedAt   time.Time `json:"voided_at"`
}
