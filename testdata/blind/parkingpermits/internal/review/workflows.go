// Package review holds the Temporal workflows that carry a paid application
// through residency checks, the officer's decision, issuing and mailing.
package review

import (
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

const (
	// SignalDecision carries an officer's decision into ApplicationReview.
	SignalDecision = "officer-decision"

	ActVerifyResidency      = "VerifyResidency"
	ActMarkInReview         = "MarkInReview"
	ActRecordDecision       = "RecordDecision"
	ActIssuePermit          = "IssuePermit"
	ActRecordMailingRequest = "RecordMailingRequest"
	ActSubmitPrintJob       = "SubmitPrintJob"
	ActRecordSubmitted      = "RecordSubmitted"

	decisionDeadline = 30 * 24 * time.Hour
)

// ReviewWorkflowID and MailingWorkflowID name workflows after the entity they
// act on, so starting one twice finds the one already running.
func ReviewWorkflowID(appID uuid.UUID) string     { return "application-review-" + appID.String() }
func MailingWorkflowID(permitID uuid.UUID) string { return "permit-mailing-" + permitID.String() }

// ReviewInput starts ApplicationReview.
type ReviewInput struct {
	ApplicationID uuid.UUID `json:"application_id"`
}

// ReviewResult is what ApplicationReview returns.
type ReviewResult struct {
	Outcome  string    `json:"outcome"`
	PermitID uuid.UUID `json:"permit_id,omitempty"`
}

// DecisionSignal is the payload of SignalDecision.
type DecisionSignal struct {
	Approve bool   `json:"approve"`
	Officer string `json:"officer"`
	Reason  string `json:"reason"`
}

// ResidencyResult is VerifyResidency's answer.
type ResidencyResult struct {
	Verified bool   `json:"verified"`
	ParcelID string `json:"parcel_id"`
	Note     string `json:"note"`
}

// DecisionInput is RecordDecision's input.
type DecisionInput struct {
	ApplicationID uuid.UUID      `json:"application_id"`
	Decision      DecisionSignal `json:"decision"`
}

// IssuedPermit is IssuePermit's answer.
type IssuedPermit struct {
	PermitID uuid.UUID `json:"permit_id"`
	Number   string    `json:"number"`
}

func activityOptions(ctx workflow.Context) workflow.Context {
	return workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 2 * time.Minute,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:        5 * time.Second,
			BackoffCoefficient:     2,
			MaximumInterval:        10 * time.Minute,
			NonRetryableErrorTypes: []string{"InvalidInput"},
		},
	})
}

// ApplicationReview runs from payment to the permit being in the post.
func ApplicationReview(ctx workflow.Context, in ReviewInput) (ReviewResult, error) {
	ctx = activityOptions(ctx)
	logger := workflow.GetLogger(ctx)

	var residency ResidencyResult
	if err := workflow.ExecuteActivity(ctx, ActVerifyResidency, in.ApplicationID).Get(ctx, &residency); err != nil {
		return ReviewResult{}, err
	}
	if err := workflow.ExecuteActivity(ctx, ActMarkInReview, in.ApplicationID, residency).Get(ctx, nil); err != nil {
		return ReviewResult{}, err
	}

	var decision DecisionSignal
	decided := false
	sel := workflow.NewSelector(ctx)
	sel.AddReceive(workflow.GetSignalChannel(ctx, SignalDecision), func(c workflow.ReceiveChannel, _ bool) {
		c.Receive(ctx, &decision)
		decided = true
	})
	sel.AddFuture(workflow.NewTimer(ctx, decisionDeadline), func(workflow.Future) {})
	sel.Select(ctx)
	if !decided {
		logger.Info("no decision before deadline; escalating", "application", in.ApplicationID)
		decision = DecisionSignal{Approve: false, Officer: "system", Reason: "not reviewed within 30 days"}
	}

	if err := workflow.ExecuteActivity(ctx, ActRecordDecision, DecisionInput{
		ApplicationID: in.ApplicationID, Decision: decision,
	}).Get(ctx, nil); err != nil {
		return ReviewResult{}, err
	}
	if !decision.Approve {
		return ReviewResult{Outcome: "rejected"}, nil
	}

	var permit IssuedPermit
	if err := workflow.ExecuteActivity(ctx, ActIssuePermit, in.ApplicationID).Get(ctx, &permit); err != nil {
		return ReviewResult{}, err
	}

	child := workflow.WithChildOptions(ctx, workflow.ChildWorkflowOptions{
		WorkflowID: MailingWorkflowID(permit.PermitID),
	})
	if err := workflow.ExecuteChildWorkflow(child, PermitMailing, MailingInput{PermitID: permit.PermitID}).Get(ctx, nil); err != nil {
		logger.Error("mailing failed; permit is issued", "permit", permit.PermitID, "err", err)
	}
	return ReviewResult{Outcome: "issued", PermitID: permit.PermitID}, nil
}

// MailingInput starts PermitMailing.
type MailingInput struct {
	PermitID uuid.UUID `json:"permit_id"`
}

// MailingRequest identifies one mailing of one permit.
type MailingRequest struct {
	MailingID uuid.UUID `json:"mailing_id"`
	PermitID  uuid.UUID `json:"permit_id"`
}

// PrintReceipt is SubmitPrintJob's answer.
type PrintReceipt struct {
	JobID string `json:"job_id"`
}

// PermitMailing sends one permit to the mail house and records the job.
func PermitMailing(ctx workflow.Context, in MailingInput) error {
	ctx = activityOptions(ctx)

	var mailingID uuid.UUID
	if err := workflow.SideEffect(ctx, func(workflow.Context) any {
		return uuid.New()
	}).Get(&mailingID); err != nil {
		return err
	}
	req := MailingRequest{MailingID: mailingID, PermitID: in.PermitID}

	if err := workflow.ExecuteActivity(ctx, ActRecordMailingRequest, req).Get(ctx, nil); err != nil {
		return err
	}
	var receipt PrintReceipt
	if err := workflow.ExecuteActivity(ctx, ActSubmitPrintJob, req).Get(ctx, &receipt); err != nil {
		return err
	}
	return workflow.ExecuteActivity(ctx, ActRecordSubmitted, req, receipt).Get(ctx, nil)
}
