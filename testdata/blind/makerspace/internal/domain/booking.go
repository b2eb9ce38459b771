package domain

import "time"

// Machine is a bookable piece of equipment.
type Machine struct {
	ID              string    `db:"id" json:"id"`
	Name            string    `db:"name" json:"name"`
	Kind            string    `db:"kind" json:"kind"`
	EquipmentClass  string    `db:"equipment_class" json:"equipment_class"`
	DoorZone        string    `db:"door_zone" json:"door_zone"`
	HourlyRateCents int64     `db:"hourly_rate_cents" json:"hourly_rate_cents"`
	Status          string    `db:"status" json:"status"`
	UpdatedAt       time.Time `db:"updated_at" json:"updated_at"`
}

// BookingStatus is the lifecycle state of a booking.
type BookingStatus string

const (
	BookingConfirmed BookingStatus = "confirmed"
	BookingCancelled BookingStatus = "cancelled"
	BookingCompleted BookingStatus = "completed"
)

// Booking reserves a machine for whole hours.
type Booking struct {
	ID              string        `db:"id" json:"id"`
	MemberID        string        `db:"member_id" json:"member_id"`
	MachineID       string        `db:"machine_id" json:"machine_id"`
	ClientRequestID string        `db:"client_request_id" json:"client_request_id"`
	StartsAt        time.Time     `db:"starts_at" json:"starts_at"`
	EndsAt          time.Time     `db:"ends_at" json:"ends_at"`
	Hours           int           `db:"hours" json:"hours"`
	Status          BookingStatus `db:"status" json:"status"`
	CancelledAt     *time.Time    `db:"cancelled_at" json:"cancelled_at,omitempty"`
	CreatedAt       time.Time     `db:"created_at" json:"created_at"`
}

// MaintenanceLog records a technician's work on a machine.
type MaintenanceLog struct {
	ID         string    `db:"id" json:"id"`
	MachineID  string    `db:"machine_id" json:"machine_id"`
	TicketRef  string    `db:"ticket_ref" json:"ticket_ref"`
	Note       string    `db:"note" json:"note"`
	Technician string    `db:"technician" json:"technician"`
	CreatedAt  time.Time `db:"created_at" json:"created_at"`
}

// MeterReading is one sample posted by a machine's usage meter.
type MeterReading struct {
	ID         string    `db:"id"`
	MachineID  string    `db:"machine_id"`
	MeterID    string    `db:"meter_id"`
	MeterSeq   int64     `db:"meter_seq"`
	Metric     string    `db:"metric"`
	Value      float64   `db:"value"`
	RecordedAt time.Time `db:"recorded_at"`
}

// UsageSession is a closed run of a machine as reported by its meter.
type UsageSession struct {
	ID              string    `db:"id"`
	MachineID       string    `db:"machine_id"`
	SessionNo       int64     `db:"session_no"`
	MemberID        *string   `db:"member_id"`
	BookingID       *string   `db:"booking_id"`
	RuntimeSeconds  int       `db:"runtime_seconds"`
	ConsumableCents int64     `db:"consumable_cents"`
	StartedAt       time.Time `db:"started_at"`
	EndedAt         time.Time `db:"ended_at"`
}

// MachineStatus is the latest heartbeat from a machine.
type MachineStatus struct {
	MachineID  string    `db:"machine_id"`
	State      string    `db:"state"`
	TubeHours  *float64  `db:"tube_hours"`
	Firmware   *string   `db:"firmware"`
	ObservedAt time.Time `db:"observed_at"`
}

// Overage is runtime beyond what a booking paid for.
type Overage struct {
	ID             string    `db:"id"`
	BookingID      string    `db:"booking_id"`
	MemberID       string    `db:"member_id"`
	OverageMinutes int       `db:"overage_minutes"`
	AmountCents    int64     `db:"amount_cents"`
	CreatedAt      time.Time `db:"created_at"`
}
