package domain

import "time"

// Certification records that a member passed safety training for an equipment class.
type Certification struct {
	ID                string     `db:"id" json:"id"`
	MemberID          string     `db:"member_id" json:"member_id"`
	EquipmentClass    string     `db:"equipment_class" json:"equipment_class"`
	TrainingSessionID string     `db:"training_session_id" json:"training_session_id"`
	InstructorID      string     `db:"instructor_id" json:"instructor_id"`
	IssuedAt          time.Time  `db:"issued_at" json:"issued_at"`
	ExpiresAt         *time.Time `db:"expires_at" json:"expires_at,omitempty"`
	RevokedAt         *time.Time `db:"revoked_at" json:"revoked_at,omitempty"`
	RevokeReason      *string    `db:"revoke_reason" json:"revoke_reason,omitempty"`
}

// AccessAction is what the door vendor must do.
type AccessAction string

const (
	AccessGrant     AccessAction = "grant"
	AccessRevoke    AccessAction = "revoke"
	AccessSuspend   AccessAction = "suspend"
	AccessReinstate AccessAction = "reinstate"
)

// AccessChange is a pending or applied instruction to the door vendor.
type AccessChange struct {
	ID             string       `db:"id" json:"id"`
	MemberID       string       `db:"member_id" json:"member_id"`
	Action         AccessAction `db:"action" json:"action"`
	Zone           string       `db:"zone" json:"zone"`
	SourceRef      string       `db:"source_ref" json:"source_ref"`
	Status         string       `db:"status" json:"status"`
	VendorChangeID *string      `db:"vendor_change_id" json:"vendor_change_id,omitempty"`
	LastError      *string      `db:"last_error" json:"last_error,omitempty"`
	CreatedAt      time.Time    `db:"created_at" json:"created_at"`
	AppliedAt      *time.Time   `db:"applied_at" json:"applied_at,omitempty"`
}

// Access change statuses.
const (
	ChangePending = "pending"
	ChangeApplied = "applied"
	ChangeFailed  = "failed"
)

// SyncAttempt is one try at pushing an AccessChange to the vendor.
type SyncAttempt struct {
	ID        string    `db:"id"`
	ChangeID  string    `db:"change_id"`
	Attempt   int       `db:"attempt"`
	Outcome   string    `db:"outcome"`
	Detail    string    `db:"detail"`
	CreatedAt time.Time `db:"created_at"`
}

// AccessWindow opens a machine room's door for the span of a booking.
type AccessWindow struct {
	BookingID      string    `db:"booking_id"`
	MemberID       string    `db:"member_id"`
	Zone           string    `db:"zone"`
	VendorWindowID string    `db:"vendor_window_id"`
	OpensAt        time.Time `db:"opens_at"`
	ClosesAt       time.Time `db:"closes_at"`
}

// DoorCredential mirrors a credential held by the door vendor.
type DoorCredential struct {
	VendorCredentialID string    `db:"vendor_credential_id"`
	MemberID           *string   `db:"member_id"`
	Kind               string    `db:"kind"`
	Status             string    `db:"status"`
	VendorUpdatedAt    time.Time `db:"vendor_updated_at"`
}
