package claims

import (
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/brightsmile-dental/practiceops/internal/providers/clearinghouse"
)

const (
	TaskQueue    = "claims-submission"
	WorkflowName = "SubmitDentalClaim"

	ActLoadClaim          = "LoadClaimPacket"
	ActUploadAttachments  = "UploadClaimAttachments"
	ActSubmitClaim        = "SubmitClaimToClearingHouse"
	ActRecordSubmission   = "RecordClaimSubmission"
	ActPollAcknowledgment = "PollClaimAcknowledgement"
	ActRecordAck          = "RecordClaimAcknowledgement"
	ActNotifyPatient      = "NotifyPatientClaimAccepted"

	errInvalidClaim = "InvalidClaim"
	errAckPending   = "AckPending"
)

// SubmitClaimParams starts one submission round.
type SubmitClaimParams struct {
	ClaimID      uuid.UUID
	Resubmission int
}

// SubmitClaimResult is the outcome of the round.
type SubmitClaimResult struct {
	ClearinghouseClaimID string
	AckStatus            string
	Reasons              []string
}

// SubmitClaimWorkflow sends a claim with its attachments to ClaimBridge,
// records the submission, then waits for the payer's 277CA.
func SubmitClaimWorkflow(ctx workflow.Context, in SubmitClaimParams) (SubmitClaimResult, error) {
	logger := workflow.GetLogger(ctx)
	info := workflow.GetInfo(ctx)

	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 2 * time.Minute,
		HeartbeatTimeout:    30 * time.Second,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:        5 * time.Second,
			BackoffCoefficient:     2,
			MaximumInterval:        10 * time.Minute,
			NonRetryableErrorTypes: []string{errInvalidClaim},
		},
	})

	var packet ClaimPacket
	if err := workflow.ExecuteActivity(ctx, ActLoadClaim, LoadClaimInput{ClaimID: in.ClaimID, Resubmission: in.Resubmission}).Get(ctx, &packet); err != nil {
		return SubmitClaimResult{}, err
	}

	if len(packet.Documents) > 0 {
		var up UploadAttachmentsOutput
		err := workflow.ExecuteActivity(ctx, ActUploadAttachments, UploadAttachmentsInput{
			ClaimID:     in.ClaimID,
			PayerID:     packet.Request.PayerID,
			PatientName: packet.Request.Patient.FirstName + " " + packet.Request.Patient.LastName,
			ServiceDate: packet.ServiceDate,
			Documents:   packet.Documents,
		}).Get(ctx, &up)
		if err != nil {
			return SubmitClaimResult{}, err
		}
		packet.Request.AttachmentIDs = up.AttachmentIDs
	}

	var receipt clearinghouse.ClaimReceipt
	if err := workflow.ExecuteActivity(ctx, ActSubmitClaim, SubmitInput{
		ClaimID:    in.ClaimID,
		WorkflowID: info.WorkflowExecution.ID,
		Request:    packet.Request,
	}).Get(ctx, &receipt); err != nil {
		return SubmitClaimResult{}, err
	}
	if receipt.Duplicate {
		logger.Info("clearing house already had this claim", "claim_id", in.ClaimID, "ch_claim_id", receipt.ClaimID)
	}

	if err := workflow.ExecuteActivity(ctx, ActRecordSubmission, RecordSubmissionInput{
		ClaimID:              in.ClaimID,
		ClearinghouseClaimID: receipt.ClaimID,
		BatchID:              receipt.BatchID,
		WorkflowID:           info.WorkflowExecution.ID,
	}).Get(ctx, nil); err != nil {
		return SubmitClaimResult{}, err
	}

	// Payers answer anywhere from minutes to days later.
	pollCtx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:    15 * time.Minute,
			BackoffCoefficient: 1.5,
			MaximumInterval:    6 * time.Hour,
		},
	})
	var ack clearinghouse.Acknowledgement
	if err := workflow.ExecuteActivity(pollCtx, ActPollAcknowledgment, PollAckInput{ClearinghouseClaimID: receipt.ClaimID}).Get(ctx, &ack); err != nil {
		return SubmitClaimResult{}, err
	}

	if err := workflow.ExecuteActivity(ctx, ActRecordAck, RecordAckInput{ClaimID: in.ClaimID, Ack: ack}).Get(ctx, nil); err != nil {
		return SubmitClaimResult{}, err
	}

	result := SubmitClaimResult{ClearinghouseClaimID: receipt.ClaimID, AckStatus: ack.Status, Reasons: ack.Reasons}
	if ack.Status != "accepted" {
		logger.Warn("claim rejected", "claim_id", in.ClaimID, "reasons", ack.Reasons)
		return result, nil
	}
	if err := workflow.ExecuteActivity(ctx, ActNotifyPatient, NotifyPatientInput{ClaimID: in.ClaimID, Resubmission: in.Resubmission}).Get(ctx, nil); err != nil {
		logger.Warn("patient notice failed", "claim_id", in.ClaimID, "err", err)
	}
	return result, nil
}
