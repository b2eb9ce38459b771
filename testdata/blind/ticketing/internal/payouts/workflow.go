package payouts

import (
	"fmt"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

// WorkflowName is the registered name of the payout workflow.
const WorkflowName = "OrganiserPayout"

// Activity names, shared by the workflow and the registration table.
const (
	ActCreateStatement = "payouts.CreateStatement"
	ActLockLines       = "payouts.LockLines"
	ActTransfer        = "payouts.TransferToOrganiser"
	ActPayout          = "payouts.CreateStripePayout"
	ActRecordPayout    = "payouts.RecordPayout"
)

// Input starts a payout for one organiser and period.
type Input struct {
	OrganiserID string    `json:"organiser_id"`
	Period      string    `json:"period"`
	PeriodEnd   time.Time `json:"period_end"`
	Currency    string    `json:"currency"`
}

// StatementRef is passed between activities.
type StatementRef struct {
	StatementID string `json:"statement_id"`
	OrganiserID string `json:"organiser_id"`
	TotalCents  int64  `json:"total_cents"`
	Currency    string `json:"currency"`
}

// RecordInput closes out a statement.
type RecordInput struct {
	Statement StatementRef `json:"statement"`
	PayoutID  string       `json:"payout_id"`
}

// Result is the workflow result.
type Result struct {
	StatementID string `json:"statement_id"`
	PaidCents   int64  `json:"paid_cents"`
	PayoutID    string `json:"payout_id,omitempty"`
}

// Workflow orchestrates: statement -> lock lines -> transfer -> payout -> record.
func Workflow(ctx workflow.Context, in Input) (Result, error) {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 2 * time.Minute,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:    5 * time.Second,
			BackoffCoefficient: 2,
			MaximumInterval:    5 * time.Minute,
			MaximumAttempts:    20,
		},
	})

	var stmt StatementRef
	if err := workflow.ExecuteActivity(ctx, ActCreateStatement, in).Get(ctx, &stmt); err != nil {
		return Result{}, fmt.Errorf("create statement: %w", err)
	}
	if err := workflow.ExecuteActivity(ctx, ActLockLines, stmt).Get(ctx, &stmt); err != nil {
		return Result{}, fmt.Errorf("lock lines: %w", err)
	}
	if stmt.TotalCents <= 0 {
		return Result{StatementID: stmt.StatementID}, nil
	}
	var transferID string
	if err := workflow.ExecuteActivity(ctx, ActTransfer, stmt).Get(ctx, &transferID); err != nil {
		return Result{}, fmt.Errorf("transfer: %w", err)
	}
	var payoutID string
	if err := workflow.ExecuteActivity(ctx, ActPayout, stmt).Get(ctx, &payoutID); err != nil {
		return Result{}, fmt.Errorf("payout: %w", err)
	}
	if err := workflow.ExecuteActivity(ctx, ActRecordPayout, RecordInput{Statement: stmt, PayoutID: payoutID}).Get(ctx, nil); err != nil {
		return Result{}, fmt.Errorf("record: %w", err)
	}
	return Result{StatementID: stmt.StatementID, PaidCents: stmt.TotalCents, PayoutID: payoutID}, nil
}
