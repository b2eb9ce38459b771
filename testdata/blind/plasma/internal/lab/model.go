// Package lab tracks donation samples through the testing partner: it
// submits orders, receives results and sample events by webhook, and hands
// final results to quarantine for release evaluation.
package lab

import "time"

// Sample statuses.
const (
	SamplePending  = "pending"
	SampleOrdered  = "ordered"
	SampleResulted = "resulted"
	SampleRejected = "rejected"
)

// Sample is a test tube linked to a plasma unit.
type Sample struct {
	ID              string
	UnitID          string
	TubeBarcode     string
	Panel           string
	Status          string
	PartnerOrderRef string
	OrderedAt       *time.Time

	// Joined from the unit.
	CollectedAt time.Time
	CentreID    string
}

// Result is one assay outcome for a sample.
type Result struct {
	ID         string
	SampleID   string
	TestCode   string
	Outcome    string
	Value      string
	Method     string
	ResultedAt time.Time
}

// SampleEvent is a history entry shown to lab coordinators.
type SampleEvent struct {
	ID         string
	SampleID   string
	EventType  string
	Detail     string
	OccurredAt time.Time
}

// RequiredTests lists the assays a unit needs before release.
var RequiredTests = []string{"HIV-NAT", "HCV-NAT", "HBV-NAT", "HAV-NAT", "B19-NAT", "HBSAG", "ANTI-HIV", "ANTI-HCV", "TP"}

var validOutcomes = map[string]bool{"non_reactive": true, "reactive": true, "indeterminate": true}
