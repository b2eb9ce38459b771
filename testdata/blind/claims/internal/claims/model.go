// Package claims owns the claim lifecycle: first notice of loss, adjuster
// assignment, closing and reopening.
package claims

import (
	"errors"
	"time"

	"github.com/google/uuid"
)

// Status is a claim's lifecycle state.
type Status string

const (
	StatusOpen     Status = "open"
	StatusAssigned Status = "assigned"
	StatusClosed   Status = "closed"
	StatusReopened Status = "reopened"
)

// Claim is the aggregate root.
type Claim struct {
	ID                    uuid.UUID
	Number                string
	PolicyNumber          string
	Source                string
	ExternalRef           string
	Status                Status
	LossType              string
	LossDate              time.Time
	Description           string
	ClaimantName          string
	ClaimantEmail         string
	ClaimantStripeAccount string
	AtFaultParty          string
	BrokerWebhookURL      string
	ReserveTotalCents     int64
	PaidTotalCents        int64
	RecoveredTotalCents   int64
	CreatedAt             time.Time
}

// Adjuster is a claims handler.
type Adjuster struct {
	ID     uuid.UUID
	Name   string
	Email  string
	Active bool
}

// Assignment links an adjuster to a claim in a role.
type Assignment struct {
	ClaimID    uuid.UUID
	AdjusterID uuid.UUID
	Role       string
	AssignedBy string
}

var (
	ErrNotFound            = errors.New("claims: not found")
	ErrClaimClosed         = errors.New("claims: claim is closed")
	ErrAdjusterInactive    = errors.New("claims: adjuster is inactive")
	ErrIdempotencyMismatch = errors.New("claims: idempotency key reused with a different request")
	ErrInvalid             = errors.New("claims: invalid request")
)

// IsOpen reports whether new work may be booked against the claim.
func (c Claim) IsOpen() bool { return c.Status != StatusClosed }

// NumberFor derives the human-facing claim number from the claim id.
func NumberFor(id uuid.UUID, lossDate time.Time) string {
	s := id.String()
	return "HL-" + lossDate.Format("2006") + "-" + s[:8]
}
