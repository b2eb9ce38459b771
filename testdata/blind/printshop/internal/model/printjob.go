package model

import (
	"encoding/json"
	"time"
)

const (
	FacilityInkbridge   = "inkbridge"
	FacilityPressworks  = "pressworks"
	FacilityCopperplate = "copperplate"
)

const (
	JobPending   = "pending"
	JobSubmitted = "submitted"
	JobPrinting  = "printing"
	JobPrinted   = "printed"
	JobLabelReq  = "label_requested"
	JobShipped   = "shipped"
	JobRejected  = "rejected"
	JobCancelled = "cancelled"
	JobDefective = "defective"
)

type PrintJob struct {
	ID                string `gorm:"primaryKey"`
	OrderID           string
	Facility          string
	FacilityJobID     *string
	Status            string
	Attempt           int
	ReprintOf         *string
	ResubmissionToken *string
	Reason            string
	SubmittedAt       *time.Time
	CreatedAt         time.Time
	UpdatedAt         time.Time
}

func (PrintJob) TableName() string { return "print_jobs" }

var jobRank = map[string]int{
	JobPending:   0,
	JobSubmitted: 1,
	JobPrinting:  2,
	JobPrinted:   3,
	JobLabelReq:  4,
	JobShipped:   5,
}

// Advances reports whether moving from one status to another is forward
// progress in the normal production flow.
func Advances(from, to string) bool {
	f, ok1 := jobRank[from]
	t, ok2 := jobRank[to]
	return ok1 && ok2 && t > f
}

// Terminal reports whether no further facility updates are expected.
func (j PrintJob) Terminal() bool {
	switch j.Status {
	case JobShipped, JobRejected, JobCancelled:
		return true
	}
	return false
}

type FacilityEvent struct {
	Facility   string `gorm:"primaryKey"`
	EventID    string `gorm:"primaryKey"`
	PrintJobID *string
	Status     string
	Payload    json.RawMessage `gorm:"type:jsonb"`
	ReceivedAt time.Time
}

func (FacilityEvent) TableName() string { return "facility_events" }

type FacilityBatch struct {
	Facility   string `gorm:"primaryKey"`
	BatchID    string `gorm:"primaryKey"`
	EventCount int
	ReceivedAt time.Time
}

func (FacilityBatch) TableName() string { return "facility_batches" }

type FacilityPayable struct {
	ID          string `gorm:"primaryKey"`
	Facility    string
	PrintJobID  string
	AmountCents int64
	CreatedAt   time.Time
}

func (FacilityPayable) TableName() string { return "facility_payables" }
