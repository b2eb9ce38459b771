// Package workflow holds the Temporal claim submission workflow, its
// activities and the worker/starter plumbing.
package workflow

import (
	"errors"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/medbridge-health/clearinghouse/internal/service"
)

// WorkflowName is the registered name of the submission workflow.
const WorkflowName = "ClaimSubmission"

// SubmissionOutcome is the workflow result.
type SubmissionOutcome struct {
	ClaimID       string `json:"claim_id"`
	Status        string `json:"status"`
	PayerClaimRef string `json:"payer_claim_ref,omitempty"`
}

// ClaimSubmissionWorkflow scrubs a claim, checks coverage, assesses the
// clearinghouse fee, transmits to the payer and records the outcome.
func ClaimSubmissionWorkflow(ctx workflow.Context, req service.SubmissionRequest) (*SubmissionOutcome, error) {
	logger := workflow.GetLogger(ctx)
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 2 * time.Minute,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:        5 * time.Second,
			BackoffCoefficient:     2,
			MaximumInterval:        10 * time.Minute,
			NonRetryableErrorTypes: []string{ErrTypeRejected},
		},
	})

	var scrub service.ScrubResult
	if err := workflow.ExecuteActivity(ctx, ActScrubClaim, req).Get(ctx, &scrub); err != nil {
		return nil, err
	}
	if !scrub.Clean {
		logger.Info("claim failed scrubbing", "claim_id", req.ClaimID, "errors", scrub.Errors)
		return &SubmissionOutcome{ClaimID: req.ClaimID, Status: "rejected_by_scrubber"}, nil
	}

	if !req.Replacement {
		var coverage CoverageResult
		if err := workflow.ExecuteActivity(ctx, ActVerifyCoverage, req).Get(ctx, &coverage); err != nil {
			logger.Warn("coverage check failed; submitting anyway", "claim_id", req.ClaimID, "err", err)
		} else if coverage.Checked && !coverage.Active {
			logger.Warn("payer reports inactive coverage", "claim_id", req.ClaimID)
		}
	}

	if err := workflow.ExecuteActivity(ctx, ActAssessSubmissionFee, req).Get(ctx, nil); err != nil {
		return nil, err
	}

	var payerRef string
	if err := workflow.ExecuteActivity(ctx, ActSubmitToPayer, req).Get(ctx, &payerRef); err != nil {
		var appErr *temporal.ApplicationError
		if errors.As(err, &appErr) && appErr.Type() == ErrTypeRejected {
			return &SubmissionOutcome{ClaimID: req.ClaimID, Status: "rejected_by_payer"}, nil
		}
		return nil, err
	}

	rec := RecordInput{SubmissionRequest: req, PayerClaimRef: payerRef}
	if err := workflow.ExecuteActivity(ctx, ActRecordSubmission, rec).Get(ctx, nil); err != nil {
		return nil, err
	}

	notifyCtx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 30 * time.Second,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 10, InitialInterval: 30 * time.Second},
	})
	if err := workflow.ExecuteActivity(notifyCtx, ActNotifyPractice, rec).Get(ctx, nil); err != nil {
		logger.Warn("practice notification failed", "claim_id", req.ClaimID, "err", err)
	}
	return &SubmissionOutcome{ClaimID: req.ClaimID, Status: "submitted", PayerClaimRef: payerRef}, nil
}
