// Package claims creates dental insurance claims and submits them to the
// ClaimBridge clearing house through a Temporal workflow.
package claims

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"
	"gorm.io/gorm"

	"github.com/brightsmile-dental/practiceops/internal/models"
	"github.com/brightsmile-dental/practiceops/internal/platform/database"
)

var (
	ErrNoLines          = errors.New("claim has no service lines")
	ErrNotSubmittable   = errors.New("claim is not in a submittable state")
	ErrBadPayerSequence = errors.New("payer sequence must be primary or secondary")
)

// Service is the claims API used by the HTTP layer.
type Service interface {
	CreateClaim(ctx context.Context, in CreateClaimInput) (CreateClaimOutput, error)
	SubmitClaim(ctx context.Context, in SubmitClaimInput) (SubmitClaimOutput, error)
}

type CreateClaimInput struct {
	PracticeID    uuid.UUID
	PatientID     uuid.UUID
	AssociateID   uuid.UUID
	EncounterID   uuid.UUID
	PayerID       string
	PayerSequence string
	Subscriber    models.Subscriber
	Lines         []models.ClaimLine
	Documents     []models.ClaimDocument
	SubmitNow     bool
}

type CreateClaimOutput struct {
	ClaimID    uuid.UUID
	Status     string
	TotalCents int64
	WorkflowID string
}

type SubmitClaimInput struct {
	ClaimID uuid.UUID
}

type SubmitClaimOutput struct {
	ClaimID    uuid.UUID
	WorkflowID string
	RunID      string
}

// WorkflowStarter starts the submission workflow for a claim.
type WorkflowStarter interface {
	StartSubmission(ctx context.Context, in StartSubmissionInput) (StartSubmissionOutput, error)
}

type StartSubmissionInput struct {
	ClaimID      uuid.UUID
	Resubmission int
}

type StartSubmissionOutput struct {
	WorkflowID string
	RunID      string
}

type service struct {
	claims  *database.Repository[models.Claim]
	starter WorkflowStarter
	now     func() time.Time
}

// NewService wires the claims service.
func NewService(db *gorm.DB, starter WorkflowStarter) Service {
	return &service{
		claims:  database.NewRepository[models.Claim](db),
		starter: starter,
		now:     func() time.Time { return time.Now().UTC() },
	}
}

func (s *service) CreateClaim(ctx context.Context, in CreateClaimInput) (CreateClaimOutput, error) {
	if len(in.Lines) == 0 {
		return CreateClaimOutput{}, ErrNoLines
	}
	if in.PayerSequence != "primary" && in.PayerSequence != "secondary" {
		return CreateClaimOutput{}, ErrBadPayerSequence
	}
	var total int64
	for _, l := range in.Lines {
		total += l.FeeCents
	}
	docs := in.Documents
	if docs == nil {
		docs = []models.ClaimDocument{}
	}
	claim := models.Claim{
		ID:            uuid.New(),
		PracticeID:    in.PracticeID,
		PatientID:     in.PatientID,
		AssociateID:   in.AssociateID,
		EncounterID:   in.EncounterID,
		PayerID:       in.PayerID,
		PayerSequence: in.PayerSequence,
		Subscriber:    models.MustJSON(in.Subscriber),
		Lines:         models.MustJSON(in.Lines),
		Documents:     models.MustJSON(docs),
		TotalCents:    total,
		Status:        models.ClaimDraft,
	}
	if err := s.claims.Create(ctx, &claim); err != nil {
		return CreateClaimOutput{}, fmt.Errorf("create claim: %w", err)
	}
	out := CreateClaimOutput{ClaimID: claim.ID, Status: claim.Status, TotalCents: total}
	if !in.SubmitNow {
		return out, nil
	}
	sub, err := s.SubmitClaim(ctx, SubmitClaimInput{ClaimID: claim.ID})
	if err != nil {
		return out, err
	}
	out.Status = models.ClaimSubmitting
	out.WorkflowID = sub.WorkflowID
	return out, nil
}

func (s *service) SubmitClaim(ctx context.Context, in SubmitClaimInput) (SubmitClaimOutput, error) {
	claim, err := s.claims.Get(ctx, in.ClaimID)
	if err != nil {
		return SubmitClaimOutput{}, err
	}
	switch claim.Status {
	case models.ClaimDraft, models.ClaimRejected:
		n, err := s.claims.UpdateWhere(ctx,
			map[string]any{"status": models.ClaimSubmitting, "updated_at": s.now()},
			"id = ? AND status IN ?", claim.ID, []string{models.ClaimDraft, models.ClaimRejected})
		if err != nil {
			return SubmitClaimOutput{}, err
		}
		if n == 0 {
			if claim, err = s.claims.Get(ctx, in.ClaimID); err != nil {
				return SubmitClaimOutput{}, err
			}
			if claim.Status != models.ClaimSubmitting {
				return SubmitClaimOutput{}, ErrNotSubmittable
			}
		}
	case models.ClaimSubmitting:
		// A previous request moved the claim but may not have reached
		// Temporal; starting again attaches to the same workflow.
	default:
		return SubmitClaimOutput{}, ErrNotSubmittable
	}
	started, err := s.starter.StartSubmission(ctx, StartSubmissionInput{ClaimID: claim.ID, Resubmission: claim.Resubmissions})
	if err != nil {
		return SubmitClaimOutput{}, fmt.Errorf("start submission workflow: %w", err)
	}
	return SubmitClaimOutput{ClaimID: claim.ID, WorkflowID: started.WorkflowID, RunID: started.RunID}, nil
}

// WorkflowID names the submission workflow for one submission round of a
// claim. Rejected claims are resubmitted under the next round number.
func WorkflowID(claimID uuid.UUID, resubmission int) string {
	return fmt.Sprintf("claim-submit-%s-%d", claimID, resubmission)
}

type temporalStarter struct {
	client    client.Client
	taskQueue string
}

// NewWorkflowStarter returns a WorkflowStarter backed by Temporal.
func NewWorkflowStarter(c client.Client) WorkflowStarter {
	return &temporalStarter{client: c, taskQueue: TaskQueue}
}

func (t *temporalStarter) StartSubmission(ctx context.Context, in StartSubmissionInput) (StartSubmissionOutput, error) {
	id := WorkflowID(in.ClaimID, in.Resubmission)
	opts := client.StartWorkflowOptions{
		ID:                       id,
		TaskQueue:                t.taskQueue,
		WorkflowIDReusePolicy:    enumspb.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE_FAILED_ONLY,
		WorkflowIDConflictPolicy: enumspb.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING,
	}
	run, err := t.client.ExecuteWorkflow(ctx, opts, WorkflowName, SubmitClaimParams{
		ClaimID:      in.ClaimID,
		Resubmission: in.Resubmission,
	})
	if err != nil {
		var started *serviceerror.WorkflowExecutionAlreadyStarted
		if errors.As(err, &started) {
			return StartSubmissionOutput{WorkflowID: id, RunID: started.RunId}, nil
		}
		return StartSubmissionOutput{}, err
	}
	return StartSubmissionOutput{WorkflowID: run.GetID(), RunID: run.GetRunID()}, nil
}
