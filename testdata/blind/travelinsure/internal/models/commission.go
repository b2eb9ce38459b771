// Package models holds the bun models for the policyhub schema. Column
// definitions and constraints live in migrations/; the tags here only map
// fields to columns.
package models

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// CommissionAccrual is the commission earned by a partner on one policy.
type CommissionAccrual struct {
	bun.BaseModel `bun:"table:commission_accruals,alias:ca"`

	ID              uuid.UUID `bun:"id,pk,type:uuid"`
	PolicyID        uuid.UUID `bun:"policy_id,type:uuid,notnull"`
	PartnerID       uuid.UUID `bun:"partner_id,type:uuid,notnull"`
	PolicyNumber    string    `bun:"policy_number,notnull"`
	PremiumMinor    int64     `bun:"premium_minor,notnull"`
	RateBps         int       `bun:"rate_bps,notnull"`
	CommissionMinor int64     `bun:"commission_minor,notnull"`
	Currency        string    `bun:"currency,notnull"`
	AccruedAt       time.Time `bun:"accrued_at,notnull"`
}

// StatementStatus is the lifecycle of a monthly commission statement.
type StatementStatus string

const (
	StatementDraft StatementStatus = "draft"
	StatementReady StatementStatus = "ready"
	StatementSent  StatementStatus = "sent"
)

// CommissionStatement is the monthly statement sent to a partner.
type CommissionStatement struct {
	bun.BaseModel `bun:"table:commission_statements,alias:cs"`

	ID          uuid.UUID       `bun:"id,pk,type:uuid"`
	PartnerID   uuid.UUID       `bun:"partner_id,type:uuid,notnull"`
	PeriodStart time.Time       `bun:"period_start,type:date,notnull"`
	PeriodEnd   time.Time       `bun:"period_end,type:date,notnull"`
	TotalMinor  int64           `bun:"total_minor,notnull"`
	LineCount   int             `bun:"line_count,notnull"`
	Currency    string          `bun:"currency,notnull"`
	Status      StatementStatus `bun:"status,notnull"`
	SentAt      *time.Time      `bun:"sent_at"`
	CreatedAt   time.Time       `bun:"created_at,notnull,default:current_timestamp"`
	UpdatedAt   time.Time       `bun:"updated_at,notnull,default:current_timestamp"`
}

// CommissionStatementLine is one policy on a statement.
type CommissionStatementLine struct {
	bun.BaseModel `bun:"table:commission_statement_lines,alias:csl"`

	ID              string    `bun:"id,pk"`
	StatementID     uuid.UUID `bun:"statement_id,type:uuid,notnull"`
	AccrualID       uuid.UUID `bun:"accrual_id,type:uuid,notnull"`
	PolicyNumber    string    `bun:"policy_number,notnull"`
	PremiumMinor    int64     `bun:"premium_minor,notnull"`
	CommissionMinor int64     `bun:"commission_minor,notnull"`
}

// PartnerKind distinguishes airlines from travel agencies. Commission rules
// differ slightly between the two.
type PartnerKind string

const (
	PartnerAirline PartnerKind = "airline"
	PartnerAgency  PartnerKind = "agency"
)

// Partner is an airline or agency distributing our products.
type Partner struct {
	bun.BaseModel `bun:"table:partners,alias:pa"`

	ID             uuid.UUID   `bun:"id,pk,type:uuid"`
	Code           string      `bun:"code,notnull"`
	Name           string      `bun:"name,notnull"`
	Kind           PartnerKind `bun:"kind,notnull"`
	APIKeyHash     string      `bun:"api_key_hash,notnull"`
	CommissionBps  int         `bun:"commission_bps,notnull"`
	Currency       string      `bun:"currency,notnull"`
	StatementEmail string      `bun:"statement_email"`
	AccruedMinor   int64       `bun:"accrued_minor,notnull"`
	Active         bool        `bun:"active,notnull"`
	CreatedAt      time.Time   `bun:"created_at,notnull,default:current_timestamp"`
}
