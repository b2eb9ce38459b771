package model

import "time"

// Dispute statuses.
const (
	DisputeOpen      = "open"
	DisputeScheduled = "scheduled"
	DisputeUpheld    = "upheld"
	DisputeDismissed = "dismissed"
	DisputeWithdrawn = "withdrawn"
)

// Hearing outcomes.
const (
	OutcomeLiable    = "liable"
	OutcomeDismissed = "dismissed"
	OutcomeReduced   = "reduced"
	OutcomeNoShow    = "no_show"
)

type Dispute struct {
	ID          string `gorm:"primaryKey;type:text"`
	CitationID  string `gorm:"not null;uniqueIndex:disputes_citation_uq"`
	ReasonCode  string `gorm:"not null"`
	Statement   string `gorm:"not null;default:''"`
	Status      string `gorm:"not null;default:open"`
	SubmittedBy string `gorm:"not null"`
	FiledAt     time.Time
	ClosedAt    *time.Time
}

type Hearing struct {
	ID                string    `gorm:"primaryKey;type:text"`
	DisputeID         string    `gorm:"not null;index:hearings_dispute_idx"`
	CalendarBookingID string    `gorm:"not null;uniqueIndex:hearings_booking_uq"`
	DocketID          string    `gorm:"not null"`
	ScheduledAt       time.Time `gorm:"not null"`
	Location          string    `gorm:"not null;default:''"`
	Outcome           *string
	OutcomeNotes      string `gorm:"not null;default:''"`
	OutcomeRecordedAt *time.Time
	CreatedAt         time.Time
}

// Hold statuses.
const (
	HoldRequested = "requested"
	HoldPlaced    = "placed"
	HoldReleased  = "released"
)

type DMVHold struct {
	ID              string  `gorm:"primaryKey;type:text"`
	CitationID      string  `gorm:"not null;uniqueIndex:dmv_holds_citation_uq"`
	Plate           string  `gorm:"not null"`
	PlateState      string  `gorm:"not null"`
	StateHoldNumber *string `gorm:"column:state_hold_number"`
	Status          string  `gorm:"not null;default:requested;index:dmv_holds_status_idx"`
	PlacedAt        *time.Time
	ReleasedAt      *time.Time
	ReleaseReason   string `gorm:"not null;default:''"`
	CreatedAt       time.Time
}

func (DMVHold) TableName() string { return "dmv_holds" }

// Referral statuses.
const (
	ReferralPending  = "pending"
	ReferralActive   = "active"
	ReferralRecalled = "recalled"
	ReferralSettled  = "settled"
)

type CollectionsReferral struct {
	ID                string  `gorm:"primaryKey;type:text"`
	CitationID        string  `gorm:"not null;uniqueIndex:collections_referrals_citation_uq"`
	AgencyAccountRef  *string `gorm:"column:agency_account_ref"`
	Status            string  `gorm:"not null;default:pending"`
	BalanceAtReferral int64   `gorm:"not null"`
	ReferredAt        *time.Time
	RecalledAt        *time.Time
	CreatedAt         time.Time
}

func (CollectionsReferral) TableName() string { return "collections_referrals" }

type CollectionRemittance struct {
	ID          string    `gorm:"primaryKey;type:text"`
	ReferralID  string    `gorm:"not null"`
	AgencyTxnID string    `gorm:"not null;index:collection_remittances_txn_idx"`
	GrossCents  int64     `gorm:"not null"`
	FeeCents    int64     `gorm:"not null;default:0"`
	CollectedAt time.Time `gorm:"not null"`
	ReceivedAt  time.Time
}
