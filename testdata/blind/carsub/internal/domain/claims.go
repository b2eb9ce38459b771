package domain

import (
	"time"

	"github.com/google/uuid"
)

type ClaimStatus string

const (
	ClaimDraft     ClaimStatus = "draft"
	ClaimSubmitted ClaimStatus = "submitted"
	ClaimApproved  ClaimStatus = "approved"
	ClaimRejected  ClaimStatus = "rejected"
	ClaimSettled   ClaimStatus = "settled"
)

type DamageClaim struct {
	ID              uuid.UUID   `gorm:"type:uuid;primaryKey" json:"id"`
	SubscriptionID  uuid.UUID   `gorm:"type:uuid" json:"subscription_id"`
	IncidentID      *uuid.UUID  `gorm:"type:uuid" json:"incident_id,omitempty"`
	Description     string      `json:"description"`
	EstimatedCents  int64       `json:"estimated_cents"`
	ApprovedCents   *int64      `json:"approved_cents,omitempty"`
	Status          ClaimStatus `json:"status"`
	InsurerClaimRef *string     `json:"insurer_claim_ref,omitempty"`
	CreatedAt       time.Time   `json:"created_at"`
	UpdatedAt       time.Time   `json:"updated_at"`
}

func (DamageClaim) TableName() string { return "damage_claims" }
