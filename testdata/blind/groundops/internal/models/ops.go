package models

import "time"

type Airline struct {
	Base
	Code         string `gorm:"size:3;uniqueIndex"`
	Name         string
	BillingEmail string
}

type Contract struct {
	Base
	AirlineID           string
	Station             string
	Currency            string
	ValidFrom           time.Time
	ValidTo             *time.Time
	MinimumMonthlyCents int64
}

type ContractRate struct {
	Base
	ContractID     string
	ServiceCode    string
	UnitPriceCents int64
}

const (
	FlightScheduled = "scheduled"
	FlightCancelled = "cancelled"
)

// Flight is one leg as published by the airline's operations system. The
// natural key is carrier + number + scheduled date + departure station.
type Flight struct {
	Base
	AirlineID     string
	Carrier       string
	FlightNumber  string
	ScheduledDate time.Time `gorm:"type:date"`
	DepStation    string
	ArrStation    string
	STA           *time.Time
	STD           *time.Time
	ETA           *time.Time
	Registration  string
	Status        string
}

const (
	TurnaroundPlanned    = "planned"
	TurnaroundInProgress = "in_progress"
	TurnaroundDeparted   = "departed"
	TurnaroundCancelled  = "cancelled"
)

type Turnaround struct {
	Base
	FlightID    string
	AirlineID   string
	Station     string
	Stand       string
	Status      string
	OnBlockAt   *time.Time
	OffBlockAt  *time.Time
	BagsLoaded  int
	SignedOffAt *time.Time
}

const (
	TaskOpen = "open"
	TaskDone = "done"
)

type Task struct {
	Base
	TurnaroundID   string
	Kind           string
	ServiceCode    string
	Status         string
	AssignedCrewID *string
	CompletedAt    *time.Time
	CompletedBy    *string
}

// TaskEvent is the raw progress feed from the ramp tablets (started,
// paused, photo attached, ...). Every ping is kept.
type TaskEvent struct {
	Base
	TaskID     string
	DeviceID   string
	Kind       string
	Note       string
	RecordedAt time.Time
}

type BaggageLoad struct {
	Base
	TurnaroundID string
	ULD          string
	Bags         int
	LoadedBy     string
}

type Signoff struct {
	Base
	TurnaroundID string
	SignedBy     string
	LoadsheetRef string
}

type FlightDelay struct {
	Base
	FlightID  string
	MessageID string
	DelayCode string
	Minutes   int
}
