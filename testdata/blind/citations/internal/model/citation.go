// Package model holds the gorm models for the citation-processing schema.
// The schema itself is owned by the golang-migrate files in
// internal/store/migrations; the tags here mirror it so gorm builds the
// right conflict targets and column lists.
package model

import "time"

// Citation statuses.
const (
	CitationOpen      = "open"
	CitationPaid      = "paid"
	CitationVoid      = "void"
	CitationDismissed = "dismissed"
	CitationInPlan    = "in_plan"
	CitationCollect   = "collections"
)

// Escalation stages, in order. StageRank gives the ordering so stage updates
// can be made monotonic with a WHERE clause.
const (
	StageIssued      = "issued"
	StageNoticed     = "noticed"
	StageLate        = "late"
	StageHold        = "hold"
	StageCollections = "collections"
)

var stageRanks = map[string]int{
	StageIssued:      0,
	StageNoticed:     1,
	StageLate:        2,
	StageHold:        3,
	StageCollections: 4,
}

// StageRank returns the ordinal of a stage, or -1 when unknown.
func StageRank(stage string) int {
	if r, ok := stageRanks[stage]; ok {
		return r
	}
	return -1
}

type Violation struct {
	ID            string    `gorm:"primaryKey;type:text"`
	Vendor        string    `gorm:"not null;uniqueIndex:violations_vendor_event_uq,priority:1"`
	VendorEventID string    `gorm:"not null;uniqueIndex:violations_vendor_event_uq,priority:2"`
	CameraID      string    `gorm:"not null"`
	LocationCode  string    `gorm:"not null"`
	ViolationCode string    `gorm:"not null"`
	Plate         string    `gorm:"not null;index:violations_plate_idx,priority:2"`
	PlateState    string    `gorm:"not null;type:char(2);index:violations_plate_idx,priority:1"`
	CapturedAt    time.Time `gorm:"not null"`
	RecordedSpeed *int
	PostedSpeed   *int
	Status        string `gorm:"not null;default:accepted"`
	Source        string `gorm:"not null"`
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

type Citation struct {
	ID             string    `gorm:"primaryKey;type:text"`
	CitationNumber string    `gorm:"not null;uniqueIndex:citations_number_uq"`
	ViolationID    string    `gorm:"not null;uniqueIndex:citations_violation_uq"`
	Plate          string    `gorm:"not null"`
	PlateState     string    `gorm:"not null;type:char(2)"`
	ViolationCode  string    `gorm:"not null"`
	IssuedAt       time.Time `gorm:"not null"`
	DueDate        time.Time `gorm:"type:date;not null"`
	FineCents      int64     `gorm:"not null"`
	BalanceCents   int64     `gorm:"not null"`
	Status         string    `gorm:"not null;default:open;index:citations_status_idx"`
	Stage          string    `gorm:"not null;default:issued"`
	StageRank      int       `gorm:"not null;default:0"`
	Disputed       bool      `gorm:"not null;default:false"`
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// Closed reports whether nothing more is owed or pursued on the citation.
func (c *Citation) Closed() bool {
	switch c.Status {
	case CitationPaid, CitationVoid, CitationDismissed:
		return true
	}
	return false
}

// CitationEvent is the append-only audit trail shown to clerks.
type CitationEvent struct {
	ID         string `gorm:"primaryKey;type:text"`
	CitationID string `gorm:"not null;index:citation_events_citation_idx,priority:1"`
	Kind       string `gorm:"not null"`
	Detail     string `gorm:"not null;default:''"`
	Actor      string `gorm:"not null;default:system"`
	CreatedAt  time.Time
}

type VendorVoid struct {
	ID            int64  `gorm:"primaryKey;autoIncrement"`
	Vendor        string `gorm:"not null;uniqueIndex:vendor_voids_event_uq,priority:1"`
	VendorEventID string `gorm:"not null;uniqueIndex:vendor_voids_event_uq,priority:2"`
	ViolationID   string `gorm:"not null"`
	Reason        string `gorm:"not null"`
	ReceivedAt    time.Time
}

type PlateCorrection struct {
	ID            int64  `gorm:"primaryKey;autoIncrement"`
	ViolationID   string `gorm:"not null"`
	OldPlate      string `gorm:"not null"`
	OldPlateState string `gorm:"not null"`
	NewPlate      string `gorm:"not null"`
	NewPlateState string `gorm:"not null"`
	CorrectedAt   time.Time
}

type EvidencePackage struct {
	ID              string `gorm:"primaryKey;type:text"`
	ViolationID     string `gorm:"not null"`
	VendorPackageID string `gorm:"not null;uniqueIndex:evidence_packages_vendor_uq"`
	MediaCount      int    `gorm:"not null;default:0"`
	RequestedAt     time.Time
}

type ImportRun struct {
	ID          int64     `gorm:"primaryKey;autoIncrement"`
	Vendor      string    `gorm:"not null;uniqueIndex:import_runs_vendor_date_uq,priority:1"`
	BatchDate   time.Time `gorm:"type:date;not null;uniqueIndex:import_runs_vendor_date_uq,priority:2"`
	Status      string    `gorm:"not null;default:running"`
	RecordCount int       `gorm:"not null;default:0"`
	Accepted    int       `gorm:"not null;default:0"`
	StartedAt   time.Time
	FinishedAt  *time.Time
}
