// Package events defines the domain events exchanged between modules and
// the watermill plumbing used to publish and consume them.
package events

import "time"

// Topics.
const (
	TopicUsageReportIngested = "usage.report.ingested"
	TopicPeriodClosed        = "royalties.period.closed"
	TopicRoyaltiesAllocated  = "royalties.allocated"
	TopicAdvanceGranted      = "advances.granted"
	TopicPayoutPaid          = "payouts.paid"
	TopicTaxFormVerified     = "taxforms.verified"
)

// UsageReportIngested is published once a store report's lines are stored.
type UsageReportIngested struct {
	ReportID   string    `json:"report_id"`
	StoreID    string    `json:"store_id"`
	ReportDate string    `json:"report_date"`
	LineCount  int       `json:"line_count"`
	IngestedAt time.Time `json:"ingested_at"`
}

// PeriodClosed is published when finance closes a month.
type PeriodClosed struct {
	Period   string    `json:"period"`
	ClosedBy string    `json:"closed_by"`
	ClosedAt time.Time `json:"closed_at"`
}

// RoyaltiesAllocated is published for each collaborator share credited.
type RoyaltiesAllocated struct {
	AllocationID string `json:"allocation_id"`
	ArtistID     string `json:"artist_id"`
	ReleaseID    string `json:"release_id"`
	Period       string `json:"period"`
	AmountMicros int64  `json:"amount_micros"`
	Currency     string `json:"currency"`
}

// AdvanceGranted is published when an advance is approved.
type AdvanceGranted struct {
	AdvanceID     string `json:"advance_id"`
	ArtistID      string `json:"artist_id"`
	AmountMicros  int64  `json:"amount_micros"`
	RecoupRateBps int    `json:"recoup_rate_bps"`
	StartsPeriod  string `json:"starts_period"`
}

// PayoutPaid is published when the provider confirms a transfer settled.
type PayoutPaid struct {
	PayoutID     string    `json:"payout_id"`
	ArtistID     string    `json:"artist_id"`
	AmountMicros int64     `json:"amount_micros"`
	Currency     string    `json:"currency"`
	PaidAt       time.Time `json:"paid_at"`
}

// TaxFormVerified is published when a signed tax form is accepted.
type TaxFormVerified struct {
	ArtistID string `json:"artist_id"`
	FormID   string `json:"form_id"`
	FormType string `json:"form_type"`
	TaxYear  int    `json:"tax_year"`
}
