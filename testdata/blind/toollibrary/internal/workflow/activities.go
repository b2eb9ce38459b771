package workflow

import (
	"context"
	"errors"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/shedshare/toolsd/internal/domain"
	"github.com/shedshare/toolsd/internal/service"
)

// Activities are the side-effecting steps of the borrow-return workflow.
// Each one delegates to a service; Temporal retries them per the activity
// options in BorrowReturnWorkflow.
type Activities struct {
	Loans    service.LoanService
	Deposits service.DepositService
	Fees     service.FeeService
	Lockers  service.LockerService
	Notices  service.NotificationService
}

// LoanRef identifies the loan an activity works on.
type LoanRef struct {
	LoanID string `json:"loan_id"`
}

type HoldResult struct {
	DepositID string `json:"deposit_id"`
	Declined  bool   `json:"declined"`
}

type PickupInput struct {
	LoanID     string    `json:"loan_id"`
	PickedUpAt time.Time `json:"picked_up_at"`
}

type ReturnInput struct {
	LoanID     string    `json:"loan_id"`
	ReturnedAt time.Time `json:"returned_at"`
}

type ReturnResult struct {
	DueAt      time.Time `json:"due_at"`
	ReturnedAt time.Time `json:"returned_at"`
}

type InspectionActivityInput struct {
	LoanID     string                  `json:"loan_id"`
	Inspection service.InspectionInput `json:"inspection"`
}

type LateFeeInput struct {
	LoanID     string    `json:"loan_id"`
	ReturnedAt time.Time `json:"returned_at"`
}

type LateFeeResult struct {
	FeeID       string `json:"fee_id,omitempty"`
	AmountCents int64  `json:"amount_cents"`
}

type CaptureRequest struct {
	LoanID      string `json:"loan_id"`
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

type ReleaseInput struct {
	LoanID string `json:"loan_id"`
	Reason string `json:"reason"`
}

// asActivityError marks errors that will not succeed on retry so Temporal
// stops retrying them.
func asActivityError(err error) error {
	if err == nil {
		return nil
	}
	if !service.IsRetryable(err) {
		kind := "business"
		switch {
		case errors.Is(err, domain.ErrPaymentDeclined):
			kind = "declined"
		case errors.Is(err, domain.ErrInvalidTransition):
			kind = "invalid_transition"
		case errors.Is(err, domain.ErrNotFound):
			kind = "not_found"
		}
		return temporal.NewNonRetryableApplicationError(err.Error(), kind, err)
	}
	return err
}

// HoldDeposit authorizes the deposit. The hold's idempotency key is the
// workflow ID, which is fixed for the life of the loan.
func (a *Activities) HoldDeposit(ctx context.Context, in LoanRef) (HoldResult, error) {
	info := activity.GetInfo(ctx)
	d, err := a.Deposits.Hold(ctx, in.LoanID, info.WorkflowExecution.ID+"/deposit-hold")
	if errors.Is(err, domain.ErrPaymentDeclined) {
		return HoldResult{Declined: true}, nil
	}
	if err != nil {
		return HoldResult{}, asActivityError(err)
	}
	return HoldResult{DepositID: d.ID}, nil
}

// IssuePickupCode provisions the locker PIN for pickup.
func (a *Activities) IssuePickupCode(ctx context.Context, in LoanRef) error {
	_, err := a.Lockers.IssuePickupCode(ctx, in.LoanID)
	return asActivityError(err)
}

// NotifyPickupReady texts the member their locker and PIN.
func (a *Activities) NotifyPickupReady(ctx context.Context, in LoanRef) error {
	return asActivityError(a.Notices.SendPickupReady(ctx, in.LoanID))
}

// RecordPickup marks the loan active once the locker reports the tool gone.
func (a *Activities) RecordPickup(ctx context.Context, in PickupInput) error {
	return asActivityError(a.Loans.MarkPickedUp(ctx, in.LoanID, in.PickedUpAt))
}

// OpenReturnLocker opens the loan's locker for a return. The vendor
// request ID is the activity's ID within this workflow run, which stays
// the same across retries of this activity.
func (a *Activities) OpenReturnLocker(ctx context.Context, in LoanRef) error {
	info := activity.GetInfo(ctx)
	requestID := info.WorkflowExecution.ID + "/" + info.WorkflowExecution.RunID + "/" + info.ActivityID
	return asActivityError(a.Lockers.OpenForReturn(ctx, in.LoanID, requestID))
}

// RecordReturn marks the loan returned.
func (a *Activities) RecordReturn(ctx context.Context, in ReturnInput) (ReturnResult, error) {
	loan, err := a.Loans.MarkReturned(ctx, in.LoanID, in.ReturnedAt)
	if err != nil {
		return ReturnResult{}, asActivityError(err)
	}
	return ReturnResult{DueAt: loan.DueAt, ReturnedAt: loan.ReturnedAt.Time}, nil
}

// RecordInspection stores the staff inspection result.
func (a *Activities) RecordInspection(ctx context.Context, in InspectionActivityInput) error {
	_, err := a.Loans.RecordInspection(ctx, in.LoanID, in.Inspection)
	return asActivityError(err)
}

// ChargeLateFee assesses the late fee for the return, if any.
func (a *Activities) ChargeLateFee(ctx context.Context, in LateFeeInput) (LateFeeResult, error) {
	fee, err := a.Fees.AssessLateFee(ctx, in.LoanID, in.ReturnedAt)
	if err != nil {
		return LateFeeResult{}, asActivityError(err)
	}
	if fee == nil {
		return LateFeeResult{}, nil
	}
	return LateFeeResult{FeeID: fee.ID, AmountCents: fee.AmountCents}, nil
}

// ReleaseDeposit voids the deposit hold and closes the loan.
func (a *Activities) ReleaseDeposit(ctx context.Context, in ReleaseInput) error {
	return asActivityError(a.Deposits.Release(ctx, in.LoanID, in.Reason))
}

// RequestDamageCapture queues the deposit capture for damage.
func (a *Activities) RequestDamageCapture(ctx context.Context, in CaptureRequest) error {
	return asActivityError(a.Deposits.RequestDamageCapture(ctx, in.LoanID, in.AmountCents, in.Reason))
}

// SendReturnReceipt texts the member a return confirmation.
func (a *Activities) SendReturnReceipt(ctx context.Context, in LoanRef) error {
	return asActivityError(a.Notices.SendReturnReceipt(ctx, in.LoanID))
}
