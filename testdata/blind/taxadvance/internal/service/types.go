package service

import (
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/refundbridge/advance/internal/domain"
)

// SubmitInput is a partner's application submission.
type SubmitInput struct {
	PartnerID               uuid.UUID
	IdempotencyKey          string
	ReturnRef               string
	TaxYear                 int
	ExpectedRefundCents     int64
	RequestedAmountCents    int64
	DestinationAccountToken string
	RTAccountRef            string
	Customer                CustomerInput
}

// CustomerInput carries the taxpayer identity.
type CustomerInput struct {
	SSN         string
	FirstName   string
	LastName    string
	Email       string
	Phone       string
	DateOfBirth time.Time
	Address1    string
	City        string
	State       string
	PostalCode  string
}

// Validate checks the submission shape.
func (in SubmitInput) Validate() error {
	var problems []string
	if in.IdempotencyKey == "" {
		problems = append(problems, "Idempotency-Key header is required")
	}
	if in.ReturnRef == "" {
		problems = append(problems, "return_ref is required")
	}
	if in.TaxYear < 2020 || in.TaxYear > time.Now().Year() {
		problems = append(problems, "tax_year out of range")
	}
	if in.RequestedAmountCents <= 0 || in.RequestedAmountCents > 700000 {
		problems = append(problems, "requested_amount must be between $0.01 and $7,000")
	}
	if in.ExpectedRefundCents <= 0 {
		problems = append(problems, "expected_refund must be positive")
	}
	if in.DestinationAccountToken == "" || in.RTAccountRef == "" {
		problems = append(problems, "destination_account_token and rt_account_ref are required")
	}
	if len(in.Customer.SSN) != 9 {
		problems = append(problems, "customer.ssn must be 9 digits")
	}
	if !strings.Contains(in.Customer.Email, "@") {
		problems = append(problems, "customer.email is invalid")
	}
	if len(problems) > 0 {
		return fmt.Errorf("%w: %s", domain.ErrValidation, strings.Join(problems, "; "))
	}
	return nil
}

// SubmitResult is returned for new and replayed submissions alike.
type SubmitResult struct {
	ApplicationID uuid.UUID
	Status        domain.ApplicationStatus
	Replayed      bool
}

// RedisburseInput asks for a returned disbursement to be sent again.
type RedisburseInput struct {
	ApplicationID           uuid.UUID
	DestinationAccountToken string
	Actor                   string
}

// TransferEvent is a bank ACH transfer webhook.
type TransferEvent struct {
	EventID     string
	Type        string
	TransferID  string
	ReturnCode  string
	AmountCents int64
	OccurredAt  time.Time
}

// ReturnEvent is a tax-prep partner return-status webhook.
type ReturnEvent struct {
	EventID     string
	Type        string
	ReturnRef   string
	AmountCents int64
	OccurredAt  time.Time
	Raw         []byte
}

// DepositPosted is a bank event for a credit to an RT account.
type DepositPosted struct {
	EventID      string
	RTAccountRef string
	AmountCents  int64
	TraceNumber  string
	CompanyName  string
	PostedAt     time.Time
}

// DepositReversed is a bank event for a reversal of an earlier credit.
type DepositReversed struct {
	EventID             string
	RTAccountRef        string
	OriginalTraceNumber string
	AmountCents         int64
	ReversedAt          time.Time
}

// AdjustmentInput is a manual commission credit or debit for a partner.
type AdjustmentInput struct {
	PartnerID     uuid.UUID
	ApplicationID *uuid.UUID
	AmountCents   int64
	Kind          domain.AccrualKind
	Note          string
	Actor         string
}
