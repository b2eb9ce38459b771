// Package donation records what happens in the donor chair: session
// start with pre-donation vitals, completion with collected volume and
// unit labelling, aborts, and adverse reactions.
package donation

import "time"

// Session statuses.
const (
	StatusInProgress = "in_progress"
	StatusCompleted  = "completed"
	StatusAborted    = "aborted"
)

// Session is one plasmapheresis procedure.
type Session struct {
	ID              string
	AppointmentID   string
	DonorID         string
	CentreID        string
	MachineSerial   string
	PhlebotomistID  string
	Status          string
	PreWeightKg     float64
	PreHematocrit   float64
	PreProteinGdl   float64
	VolumeML        *int
	AnticoagulantML *int
	AbortReason     string
	StartedAt       time.Time
	EndedAt         *time.Time
}

// StartInput is captured by the phlebotomist when the needle goes in.
type StartInput struct {
	AppointmentID  string
	MachineSerial  string
	PhlebotomistID string
	WeightKg       float64
	Hematocrit     float64
	ProteinGdl     float64
}

// CompleteInput is captured when the machine finishes.
type CompleteInput struct {
	SessionID       string
	VolumeML        int
	AnticoagulantML int
	DIN             string
	SampleBarcode   string
	CompletedBy     string
}

// AbortInput ends a session early.
type AbortInput struct {
	SessionID string
	Reason    string
	AbortedBy string
}

// AdverseReaction is a donor reaction during or after collection.
type AdverseReaction struct {
	ID          string
	SessionID   string
	DonorID     string
	Severity    string
	Category    string
	Description string
	ReportedBy  string
	OccurredAt  time.Time
}

// Unit is a bottle of source plasma.
type Unit struct {
	ID          string
	DIN         string
	SessionID   string
	DonorID     string
	CentreID    string
	VolumeML    int
	CollectedAt time.Time
	HoldUntil   time.Time
}

// Sample is the test tube drawn alongside the unit.
type Sample struct {
	ID          string
	UnitID      string
	TubeBarcode string
	Panel       string
}

// Appointment is the scheduling view this package needs.
type Appointment struct {
	ID       string
	DonorID  string
	CentreID string
	Status   string
}

// Pre-donation screening thresholds.
const (
	MinWeightKg   = 50.0
	MinHematocrit = 38.0
	MinProteinGdl = 6.0
	MaxProteinGdl = 9.0
)

// MaxVolumeML is the FDA nomogram: the maximum plasma volume by donor
// weight.
func MaxVolumeML(weightKg float64) int {
	switch {
	case weightKg < 50:
		return 0
	case weightKg <= 67:
		return 690
	case weightKg <= 79:
		return 825
	default:
		return 880
	}
}

// DefaultPanel is the test panel ordered for every unit.
const DefaultPanel = "NAT-SERO-TP"
