package workflow

import (
	"context"
	"encoding/json"
	"errors"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/medbridge-health/clearinghouse/internal/domain"
	"github.com/medbridge-health/clearinghouse/internal/service"
)

// Activity names.
const (
	ActScrubClaim          = "ScrubClaim"
	ActVerifyCoverage      = "VerifyCoverage"
	ActAssessSubmissionFee = "AssessSubmissionFee"
	ActSubmitToPayer       = "SubmitToPayer"
	ActRecordSubmission    = "RecordSubmission"
	ActNotifyPractice      = "NotifyPractice"
)

// ErrTypeRejected marks non-retryable payer or scrubber rejections.
const ErrTypeRejected = "ClaimRejected"

// Submissions is the part of the submission service the activities use.
type Submissions interface {
	Claim(ctx context.Context, id string) (*domain.Claim, error)
	Scrub(ctx context.Context, claimID string) (*service.ScrubResult, error)
	AssessFee(ctx context.Context, claimID, practiceID string, seq int) error
	Transmit(ctx context.Context, claimID string, seq int) (string, error)
	MarkClaimSubmitted(ctx context.Context, claimID, payerRef string) (bool, error)
	CountSubmission(ctx context.Context, practiceID string) error
	NotifyPracticeSubmitted(ctx context.Context, claimID string, seq int, payerRef string) error
}

// Coverage runs eligibility checks.
type Coverage interface {
	VerifyForClaim(ctx context.Context, claim *domain.Claim, memberID string) (*domain.EligibilityInquiry, error)
}

// Activities implements the submission workflow's activities.
type Activities struct {
	submissions Submissions
	coverage    Coverage
}

// NewActivities builds Activities.
func NewActivities(s *service.SubmissionService, c *service.EligibilityService) *Activities {
	return &Activities{submissions: s, coverage: c}
}

// Definition pairs an activity name with its implementation.
type Definition struct {
	Name string
	Fn   any
}

// Definitions lists every activity for registration on the worker.
func (a *Activities) Definitions() []Definition {
	return []Definition{
		{Name: ActScrubClaim, Fn: a.ScrubClaim},
		{Name: ActVerifyCoverage, Fn: a.VerifyCoverage},
		{Name: ActAssessSubmissionFee, Fn: a.AssessSubmissionFee},
		{Name: ActSubmitToPayer, Fn: a.SubmitToPayer},
		{Name: ActRecordSubmission, Fn: a.RecordSubmission},
		{Name: ActNotifyPractice, Fn: a.NotifyPractice},
	}
}

// ScrubClaim runs the claim scrubber.
func (a *Activities) ScrubClaim(ctx context.Context, req service.SubmissionRequest) (*service.ScrubResult, error) {
	return a.submissions.Scrub(ctx, req.ClaimID)
}

// CoverageResult summarises the pre-submission eligibility check.
type CoverageResult struct {
	Checked bool `json:"checked"`
	Active  bool `json:"active"`
}

// VerifyCoverage runs a 270 for the claim's member.
func (a *Activities) VerifyCoverage(ctx context.Context, req service.SubmissionRequest) (*CoverageResult, error) {
	claim, err := a.submissions.Claim(ctx, req.ClaimID)
	if err != nil {
		return nil, err
	}
	var payload domain.ClaimPayload
	if err := json.Unmarshal(claim.Payload, &payload); err != nil || payload.MemberID == "" {
		return &CoverageResult{}, nil
	}
	inq, err := a.coverage.VerifyForClaim(ctx, claim, payload.MemberID)
	if err != nil {
		return nil, err
	}
	if inq.CoverageActive == nil {
		return &CoverageResult{}, nil
	}
	return &CoverageResult{Checked: true, Active: *inq.CoverageActive}, nil
}

// AssessSubmissionFee charges the per-claim fee to the practice ledger.
func (a *Activities) AssessSubmissionFee(ctx context.Context, req service.SubmissionRequest) error {
	return a.submissions.AssessFee(ctx, req.ClaimID, req.PracticeID, req.Seq)
}

// SubmitToPayer transmits the claim and returns the payer's claim number.
func (a *Activities) SubmitToPayer(ctx context.Context, req service.SubmissionRequest) (string, error) {
	activity.RecordHeartbeat(ctx, req.ClaimID)
	ref, err := a.submissions.Transmit(ctx, req.ClaimID, req.Seq)
	if errors.Is(err, service.ErrClaimRejected) {
		return "", temporal.NewNonRetryableApplicationError(err.Error(), ErrTypeRejected, err)
	}
	return ref, err
}

// RecordInput carries the payer reference to the recording activities.
type RecordInput struct {
	service.SubmissionRequest
	PayerClaimRef string `json:"payer_claim_ref"`
}

// RecordSubmission marks the claim submitted and counts it toward the
// practice's monthly volume.
func (a *Activities) RecordSubmission(ctx context.Context, in RecordInput) error {
	moved, err := a.submissions.MarkClaimSubmitted(ctx, in.ClaimID, in.PayerClaimRef)
	if err != nil {
		return err
	}
	if !moved {
		// An earlier attempt already recorded this submission.
		return nil
	}
	return a.submissions.CountSubmission(ctx, in.PracticeID)
}

// NotifyPractice sends the claim.submitted webhook to the practice.
func (a *Activities) NotifyPractice(ctx context.Context, in RecordInput) error {
	return a.submissions.NotifyPracticeSubmitted(ctx, in.ClaimID, in.Seq, in.PayerClaimRef)
}
