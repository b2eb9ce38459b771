package domain

import "errors"

// ApplicationStatus is the lifecycle state of a refund advance application.
//
//	submitted -> underwriting -> approved -> disbursing -> funded -> repaid
//	                          \-> declined      \-> disbursement_returned -> disbursing
//	submitted/underwriting -> withdrawn
type ApplicationStatus string

const (
	StatusSubmitted            ApplicationStatus = "submitted"
	StatusUnderwriting         ApplicationStatus = "underwriting"
	StatusApproved             ApplicationStatus = "approved"
	StatusDeclined             ApplicationStatus = "declined"
	StatusWithdrawn            ApplicationStatus = "withdrawn"
	StatusDisbursing           ApplicationStatus = "disbursing"
	StatusDisbursementReturned ApplicationStatus = "disbursement_returned"
	StatusFunded               ApplicationStatus = "funded"
	StatusRepaid               ApplicationStatus = "repaid"
)

// Decided reports whether underwriting has produced an outcome.
func (s ApplicationStatus) Decided() bool {
	return s == StatusApproved || s == StatusDeclined
}

// Withdrawable reports whether the customer can still pull the application.
func (s ApplicationStatus) Withdrawable() bool {
	return s == StatusSubmitted || s == StatusUnderwriting
}

// PartnerStatus maps our lifecycle to the bank-product status vocabulary of the
// partner integration spec.
func (s ApplicationStatus) PartnerStatus() string {
	switch s {
	case StatusSubmitted, StatusUnderwriting:
		return "PENDING"
	case StatusApproved, StatusDisbursing, StatusDisbursementReturned:
		return "APPROVED"
	case StatusDeclined:
		return "DECLINED"
	case StatusWithdrawn:
		return "CANCELLED"
	case StatusFunded:
		return "FUNDED"
	case StatusRepaid:
		return "SETTLED"
	default:
		return "UNKNOWN"
	}
}

// DisbursementStatus tracks the ACH credit that funds an advance.
type DisbursementStatus string

const (
	DisbursementPending   DisbursementStatus = "pending"
	DisbursementSubmitted DisbursementStatus = "submitted"
	DisbursementSettled   DisbursementStatus = "settled"
	DisbursementReturned  DisbursementStatus = "returned"
)

// DecisionOutcome is the result of automated underwriting.
type DecisionOutcome string

const (
	OutcomeApproved DecisionOutcome = "approved"
	OutcomeDeclined DecisionOutcome = "declined"
)

// AccrualKind classifies commission ledger rows owed to a partner.
type AccrualKind string

const (
	AccrualFunding    AccrualKind = "funding"
	AccrualAdjustment AccrualKind = "adjustment"
	AccrualClawback   AccrualKind = "clawback"
)

// PayoutStatus is the state of a periodic partner commission payout.
type PayoutStatus string

const (
	PayoutPending PayoutStatus = "pending"
	PayoutPaid    PayoutStatus = "paid"
	PayoutEmpty   PayoutStatus = "empty"
)

// IRS acknowledgement states reported by the tax-prep partner.
const (
	IRSPending  = "pending"
	IRSAccepted = "accepted"
	IRSRejected = "rejected"
)

var (
	ErrNotFound           = errors.New("not found")
	ErrConflict           = errors.New("conflict")
	ErrInvalidState       = errors.New("invalid state transition")
	ErrUnauthorized       = errors.New("unauthorized")
	ErrValidation         = errors.New("validation failed")
	ErrIdempotencyReuse   = errors.New("idempotency key reused with a different request")
	ErrActiveApplication  = errors.New("customer already has an active application for this tax year")
	ErrNotYetFunded       = errors.New("advance not yet funded")
	ErrUnknownRTAccount   = errors.New("deposit for unknown refund transfer account")
	ErrDecisionNotDecline = errors.New("decision is not a decline")
)
