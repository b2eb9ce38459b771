// Package events defines the JetStream subjects and payloads the service
// produces and consumes.
package events

import "time"

// Subjects.
const (
	SubjectDuesCharge        = "billing.dues.charge"
	SubjectOverageExport     = "billing.export.overage"
	SubjectMeterReading      = "meters.reading.*"
	SubjectSessionClosed     = "meters.session.closed"
	SubjectHeartbeat         = "meters.heartbeat.*"
	SubjectConsumables       = "meters.consumables"
	SubjectBookingEnded      = "bookings.ended"
	SubjectBookingReminder   = "bookings.reminder.due"
	SubjectRestock           = "inventory.restock"
	SubjectTrainingCompleted = "training.completed"
)

// DuesCharge asks the billing worker to collect one invoice.
type DuesCharge struct {
	InvoiceID string `json:"invoice_id"`
	MemberID  string `json:"member_id"`
	Period    string `json:"period"`
}

// OverageExport is consumed by the bookkeeping system, which books one revenue
// line per message it receives.
type OverageExport struct {
	OverageID   string    `json:"overage_id"`
	BookingID   string    `json:"booking_id"`
	MemberID    string    `json:"member_id"`
	Minutes     int       `json:"minutes"`
	AmountCents int64     `json:"amount_cents"`
	OccurredAt  time.Time `json:"occurred_at"`
}

// MeterReading is posted by a machine's usage meter every few seconds while it runs.
type MeterReading struct {
	MachineID  string    `json:"machine_id"`
	MeterID    string    `json:"meter_id"`
	Seq        int64     `json:"seq"`
	Metric     string    `json:"metric"` // laser_seconds, extruder_mm, spindle_seconds
	Value      float64   `json:"value"`
	RecordedAt time.Time `json:"recorded_at"`
}

// SessionClosed is posted when a machine run ends.
type SessionClosed struct {
	MachineID       string    `json:"machine_id"`
	SessionNo       int64     `json:"session_no"`
	BadgeMemberID   string    `json:"badge_member_id,omitempty"`
	RuntimeSeconds  int       `json:"runtime_seconds"`
	ConsumableCents int64     `json:"consumable_cents"`
	StartedAt       time.Time `json:"started_at"`
	EndedAt         time.Time `json:"ended_at"`
}

// Heartbeat is posted by every machine once a minute.
type Heartbeat struct {
	MachineID  string    `json:"machine_id"`
	State      string    `json:"state"`
	TubeHours  *float64  `json:"tube_hours,omitempty"`
	Firmware   string    `json:"firmware,omitempty"`
	ObservedAt time.Time `json:"observed_at"`
}

// ConsumablesUsed is posted by 3D printers when a print job finishes.
type ConsumablesUsed struct {
	MachineID  string    `json:"machine_id"`
	JobUUID    string    `json:"job_uuid"`
	MemberID   string    `json:"member_id"`
	Grams      float64   `json:"grams"`
	CostCents  int64     `json:"cost_cents"`
	FinishedAt time.Time `json:"finished_at"`
}

// BookingEnded is published by the scheduler when a booking's slot closes.
type BookingEnded struct {
	BookingID string    `json:"booking_id"`
	EndedAt   time.Time `json:"ended_at"`
}

// BookingReminderDue is published by the scheduler ahead of a booking.
type BookingReminderDue struct {
	BookingID string `json:"booking_id"`
	Kind      string `json:"kind"` // day_before, hour_before
}

// Restock is published by the receiving desk when a supplier delivery is checked in.
type Restock struct {
	SKU        string    `json:"sku"`
	Quantity   int       `json:"quantity"`
	Supplier   string    `json:"supplier"`
	ReceivedAt time.Time `json:"received_at"`
}

// TrainingCompleted is published by the training platform when a member passes
// a safety course.
type TrainingCompleted struct {
	MemberID          string    `json:"member_id"`
	EquipmentClass    string    `json:"equipment_class"`
	TrainingSessionID string    `json:"training_session_id"`
	InstructorID      string    `json:"instructor_id"`
	CompletedAt       time.Time `json:"completed_at"`
	ValidMonths       int       `json:"valid_months"`
}
