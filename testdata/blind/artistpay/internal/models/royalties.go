package models

import "time"

// Usage report statuses.
const (
	ReportReceived = "received"
	ReportIngested = "ingested"
	ReportRejected = "rejected"
)

// UsageReport is one daily file from a store.
type UsageReport struct {
	ID         string `gorm:"primaryKey;type:uuid"`
	StoreID    string
	ReportDate time.Time `gorm:"type:date"`
	Checksum   string
	RawBody    []byte
	Status     string
	LineCount  int
	Error      *string
	ReceivedAt time.Time
	IngestedAt *time.Time
}

func (UsageReport) TableName() string { return "usage_reports" }

// UsageLine is one row of a usage report.
type UsageLine struct {
	ReportID    string  `gorm:"primaryKey;type:uuid"`
	LineNo      int     `gorm:"primaryKey"`
	ISRC        string  `gorm:"column:isrc"`
	ReleaseID   *string `gorm:"type:uuid"`
	Territory   string
	Period      string
	Streams     int64
	GrossMicros int64
	Currency    string
}

func (UsageLine) TableName() string { return "usage_lines" }

// RoyaltyEarning is the aggregate a store owes for a release in a period.
type RoyaltyEarning struct {
	ID          string `gorm:"primaryKey;type:uuid"`
	ReleaseID   string
	StoreID     string
	Period      string
	Streams     int64
	GrossMicros int64
	FeeMicros   int64
	NetMicros   int64
	ComputedAt  time.Time
}

func (RoyaltyEarning) TableName() string { return "royalty_earnings" }

// AccountingPeriod records that a month is closed for allocation.
type AccountingPeriod struct {
	Period   string `gorm:"primaryKey"`
	ClosedBy string
	ClosedAt time.Time
}

func (AccountingPeriod) TableName() string { return "accounting_periods" }

// RoyaltyAllocation is a collaborator's share of a release's net earnings.
type RoyaltyAllocation struct {
	ID           string `gorm:"primaryKey"`
	ReleaseID    string
	ArtistID     string
	Period       string
	ShareBps     int
	AmountMicros int64
	CreatedAt    time.Time
}

func (RoyaltyAllocation) TableName() string { return "royalty_allocations" }
