// Package disbursement runs grant payouts as Temporal workflows.
package disbursement

import (
	"fmt"
	"time"
)

// DisburseInput starts DisburseGrantWorkflow.
type DisburseInput struct {
	GrantID         string
	OrgID           string
	AmountCents     int64
	Tranches        int
	TrancheInterval time.Duration
}

// ReserveInput is the ReserveFunds activity input.
type ReserveInput struct {
	GrantID     string
	Tranche     int
	AmountCents int64
}

// PayoutInput is the SubmitPayout activity input.
type PayoutInput struct {
	GrantID     string
	OrgID       string
	Tranche     int
	AmountCents int64
	Currency    string
}

// PayoutResult is the SubmitPayout activity output.
type PayoutResult struct {
	PayoutID   string
	TransferID string
}

// FinalizeInput is the FinalizeTranche activity input.
type FinalizeInput struct {
	GrantID     string
	Tranche     int
	PayoutID    string
	AmountCents int64
}

// EmergencyInput starts EmergencyGrantWorkflow. RequestID is assigned by the
// ops console when the request is filed.
type EmergencyInput struct {
	RequestID   string
	OrgID       string
	AmountCents int64
	Currency    string
}

// SMSInput is the notify.applicant_sms activity input.
type SMSInput struct {
	OrgID       string
	AmountCents int64
	Reference   string
}

// NoticeInput is the email.payout_notice activity input.
type NoticeInput struct {
	OrgID       string
	PayoutID    string
	AmountCents int64
	Tranche     int
}

// PayoutID derives the payout id for a grant tranche. It is stable across
// activity attempts and workflow replays.
func PayoutID(grantID string, tranche int) string {
	return fmt.Sprintf("po_%s_%02d", grantID, tranche)
}

// WorkflowID derives the disbursement workflow id for a grant.
func WorkflowID(grantID string) string { return "grant-disbursement/" + grantID }

func formatMoney(cents int64, currency string) string {
	return fmt.Sprintf("%d.%02d %s", cents/100, cents%100, currency)
}
