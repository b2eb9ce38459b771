// Package recording delivers sealed documents to county recorders through
// a Temporal workflow.
package recording

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"

	"github.com/sealpoint-labs/notary/internal/apperr"
	"github.com/sealpoint-labs/notary/internal/domain"
	"github.com/sealpoint-labs/notary/internal/reqctx"
)

type Service interface {
	Request(ctx context.Context, req RecordRequest) (domain.Recording, error)
}

type WorkflowStarter interface {
	ExecuteWorkflow(ctx context.Context, options client.StartWorkflowOptions, workflow any, args ...any) (client.WorkflowRun, error)
}

type DocumentReader interface {
	Document(ctx context.Context, id string) (domain.Document, error)
}

type RecordRequest struct {
	DocumentID string `param:"id" json:"-"`
	CountyFIPS string `json:"county_fips"`
}

func (r *RecordRequest) Validate() error {
	if len(r.CountyFIPS) != 5 {
		return fmt.Errorf("county_fips must be a 5-digit FIPS code")
	}
	return nil
}

type service struct {
	repo     Repository
	docs     DocumentReader
	temporal WorkflowStarter
}

func NewService(repo Repository, docs DocumentReader, temporal WorkflowStarter) Service {
	return &service{repo: repo, docs: docs, temporal: temporal}
}

// WorkflowID is the one workflow per document that records it.
func WorkflowID(documentID string) string { return "recording-" + documentID }

func (s *service) Request(ctx context.Context, req RecordRequest) (domain.Recording, error) {
	caller := reqctx.MustCaller(ctx)
	if !caller.Is(reqctx.RoleNotary, reqctx.RoleAdmin) {
		return domain.Recording{}, apperr.Forbidden("only notaries and staff can submit for recording")
	}
	doc, err := s.docs.Document(ctx, req.DocumentID)
	if err != nil {
		return domain.Recording{}, err
	}
	if doc.Status != domain.DocumentSealed {
		return domain.Recording{}, apperr.Conflict("document %s is %s; only sealed documents can be recorded", doc.ID, doc.Status)
	}

	rec, err := s.repo.Create(ctx, domain.Recording{
		ID:         uuid.NewString(),
		DocumentID: doc.ID,
		CountyFIPS: req.CountyFIPS,
		WorkflowID: WorkflowID(doc.ID),
	})
	if err != nil {
		return domain.Recording{}, fmt.Errorf("create recording: %w", err)
	}

	_, err = s.temporal.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:                       rec.WorkflowID,
		TaskQueue:                TaskQueue,
		WorkflowIDReusePolicy:    enumspb.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE,
		WorkflowIDConflictPolicy: enumspb.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING,
	}, WorkflowName, Input{
		RecordingID: rec.ID,
		DocumentID:  doc.ID,
		CountyFIPS:  rec.CountyFIPS,
	})
	var already *serviceerror.WorkflowExecutionAlreadyStarted
	if err != nil && !errors.As(err, &already) {
		return domain.Recording{}, fmt.Errorf("start recording workflow: %w", err)
	}
	return rec, nil
}
