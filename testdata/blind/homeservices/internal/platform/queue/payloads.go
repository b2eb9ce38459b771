package queue

// CaptureDeposit captures the held deposit once a job is completed.
type CaptureDeposit struct {
	HoldID string `json:"hold_id"`
	JobID  string `json:"job_id"`
}

// Refund executes a refund row created by support.
type Refund struct {
	RefundID string `json:"refund_id"`
}

// PayoutTransfer moves a technician's earnings to their connected account.
type PayoutTransfer struct {
	PayoutID string `json:"payout_id"`
}

// AppointmentReminder texts the customer and technician before a visit.
type AppointmentReminder struct {
	JobID string `json:"job_id"`
}

// SubmitWarrantyClaim sends a claim to the insurer.
type SubmitWarrantyClaim struct {
	ClaimID string `json:"claim_id"`
}

// EscalateDispatch calls an on-call technician if no one accepted in time.
type EscalateDispatch struct {
	JobID string `json:"job_id"`
}

// SendInvoice issues the final invoice for a job.
type SendInvoice struct {
	JobID string `json:"job_id"`
}

// ReleaseExpiredHolds has no payload.
type ReleaseExpiredHolds struct{}
