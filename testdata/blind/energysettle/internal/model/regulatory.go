package model

import "time"

// Filing statuses.
const (
	FilingPending   = "pending"
	FilingSubmitted = "submitted"
	FilingRejected  = "rejected"
)

// RegulatoryFiling is one daily report filed with the regulator.
// SubmissionID is sent as the regulator's submission identifier.
type RegulatoryFiling struct {
	ID               string     `gorm:"primaryKey"`
	ReportDate       time.Time  `gorm:"column:report_date;type:date"`
	ReportType       string     `gorm:"column:report_type"`
	SubmissionID     string     `gorm:"column:submission_id"`
	Status           string     `gorm:"column:status"`
	RegulatorReceipt *string    `gorm:"column:regulator_receipt"`
	Attempts         int        `gorm:"column:attempts"`
	LastError        string     `gorm:"column:last_error"`
	CreatedAt        time.Time  `gorm:"column:created_at"`
	SubmittedAt      *time.Time `gorm:"column:submitted_at"`
}

func (RegulatoryFiling) TableName() string { return "regulatory_filings" }

// FilingAmendment is a corrected version of an already-filed report.
type FilingAmendment struct {
	ID               string     `gorm:"primaryKey"`
	FilingID         string     `gorm:"column:filing_id"`
	AmendmentRef     string     `gorm:"column:amendment_ref"`
	Reason           string     `gorm:"column:reason"`
	Status           string     `gorm:"column:status"`
	RegulatorReceipt *string    `gorm:"column:regulator_receipt"`
	CreatedAt        time.Time  `gorm:"column:created_at"`
	SubmittedAt      *time.Time `gorm:"column:submitted_at"`
}

func (FilingAmendment) TableName() string { return "filing_amendments" }
