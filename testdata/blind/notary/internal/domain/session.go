// Package domain holds the types shared across services and repositories.
package domain

import "time"

type SessionStatus string

const (
	SessionPendingIdentity SessionStatus = "pending_identity"
	SessionReady           SessionStatus = "ready"
	SessionInProgress      SessionStatus = "in_progress"
	SessionCompleted       SessionStatus = "completed"
	SessionCancelled       SessionStatus = "cancelled"
)

type Session struct {
	ID            string        `db:"id" json:"id"`
	SignerID      string        `db:"signer_id" json:"signer_id"`
	NotaryID      *string       `db:"notary_id" json:"notary_id,omitempty"`
	Jurisdiction  string        `db:"jurisdiction" json:"jurisdiction"`
	ScheduledAt   time.Time     `db:"scheduled_at" json:"scheduled_at"`
	DocumentCount int           `db:"document_count" json:"document_count"`
	Status        SessionStatus `db:"status" json:"status"`
	CancelReason  *string       `db:"cancel_reason" json:"cancel_reason,omitempty"`
	CreatedAt     time.Time     `db:"created_at" json:"created_at"`
	UpdatedAt     time.Time     `db:"updated_at" json:"updated_at"`
}

// Cancellable reports whether the signer may still cancel.
func (s Session) Cancellable() bool {
	return s.Status == SessionPendingIdentity || s.Status == SessionReady
}

type Signer struct {
	ID        string    `db:"id"`
	Email     string    `db:"email"`
	Phone     string    `db:"phone"`
	FirstName string    `db:"first_name"`
	LastName  string    `db:"last_name"`
	BirthDate time.Time `db:"birth_date"`
}

func (s Signer) FullName() string { return s.FirstName + " " + s.LastName }

type Notary struct {
	ID               string    `db:"id"`
	FullName         string    `db:"full_name"`
	CommissionNumber string    `db:"commission_number"`
	CommissionState  string    `db:"commission_state"`
	CommissionExpiry time.Time `db:"commission_expires_on"`
	CertificateID    string    `db:"certificate_id"`
	PayoutAccount    string    `db:"payout_account"`
}

type IdentityCheckStatus string

const (
	CheckPending  IdentityCheckStatus = "pending"
	CheckApproved IdentityCheckStatus = "approved"
	CheckDeclined IdentityCheckStatus = "declined"
	CheckExpired  IdentityCheckStatus = "expired"
)

type IdentityCheck struct {
	ID              string              `db:"id" json:"id"`
	SessionID       string              `db:"session_id" json:"session_id"`
	VendorRef       string              `db:"vendor_ref" json:"vendor_ref"`
	Status          IdentityCheckStatus `db:"status" json:"status"`
	VerificationURL string              `db:"verification_url" json:"verification_url"`
	ExpiresAt       time.Time           `db:"expires_at" json:"expires_at"`
	CompletedAt     *time.Time          `db:"completed_at" json:"completed_at,omitempty"`
	CreatedAt       time.Time           `db:"created_at" json:"created_at"`
}

type KYCResult struct {
	VendorEventID string `db:"vendor_event_id"`
	CheckID       string `db:"check_id"`
	Outcome       string `db:"outcome"`
	RiskScore     int    `db:"risk_score"`
	Raw           []byte `db:"raw"`
}
