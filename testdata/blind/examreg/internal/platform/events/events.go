// Package events carries in-process domain events between services over a
// watermill gochannel pub/sub.
package events

import "time"

// In-process topics.
const (
	TopicRegistrationConfirmed = "registration.confirmed"
	TopicWithdrawalAccepted    = "withdrawal.accepted"
	TopicCertificateIssued     = "certificate.issued"
)

// RegistrationConfirmed is published once the exam fee has cleared.
type RegistrationConfirmed struct {
	RegistrationID string    `json:"registration_id"`
	CandidateID    string    `json:"candidate_id"`
	SessionID      string    `json:"session_id"`
	ReceiptNumber  string    `json:"receipt_number"`
	ConfirmedAt    time.Time `json:"confirmed_at"`
}

// WithdrawalAccepted is published when a candidate withdraws in time for a refund.
type WithdrawalAccepted struct {
	RegistrationID string    `json:"registration_id"`
	CandidateID    string    `json:"candidate_id"`
	RefundMinor    int64     `json:"refund_minor"`
	Currency       string    `json:"currency"`
	WithdrawnAt    time.Time `json:"withdrawn_at"`
}

// CertificateIssued is published after a certificate row is created.
type CertificateIssued struct {
	CertificateID  string `json:"certificate_id"`
	Number         string `json:"number"`
	RegistrationID string `json:"registration_id"`
	CandidateID    string `json:"candidate_id"`
	CEFRLevel      string `json:"cefr_level"`
}
