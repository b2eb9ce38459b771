// Package events defines the domain events the payroll platform publishes and
// the watermill plumbing used to move them.
package events

import (
	"time"

	"github.com/google/uuid"
)

const (
	TopicPayRunApproved  = "payroll.payrun.approved"
	TopicExpenseApproved = "expenses.claim.approved"
)

type PayRunApproved struct {
	PayRunID   string    `json:"pay_run_id"`
	CompanyID  uuid.UUID `json:"company_id"`
	Reference  string    `json:"reference"`
	TotalCents int64     `json:"total_cents"`
	Currency   string    `json:"currency"`
	ApprovedBy string    `json:"approved_by"`
	ApprovedAt time.Time `json:"approved_at"`
}

type ExpenseApproved struct {
	ClaimID     uuid.UUID `json:"claim_id"`
	CompanyID   uuid.UUID `json:"company_id"`
	EmployeeID  uuid.UUID `json:"employee_id"`
	AmountCents int64     `json:"amount_cents"`
	Currency    string    `json:"currency"`
	ApprovedBy  string    `json:"approved_by"`
}
