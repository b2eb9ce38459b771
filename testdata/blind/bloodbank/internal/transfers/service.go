package transfers

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"

	"github.com/hemolink-systems/bloodbank/internal/domain"
	"github.com/hemolink-systems/bloodbank/internal/platform/database"
)

// Request is a partner's request for units.
type Request struct {
	PartnerCode string               `json:"partner_code"`
	RequestRef  string               `json:"request_ref"`
	Kind        domain.ComponentKind `json:"kind"`
	BloodGroup  string               `json:"blood_group"`
	Quantity    int                  `json:"quantity"`
}

// WorkflowStarter is the part of the Temporal client the service uses.
type WorkflowStarter interface {
	ExecuteWorkflow(ctx context.Context, options client.StartWorkflowOptions, workflow any, args ...any) (client.WorkflowRun, error)
	SignalWorkflow(ctx context.Context, workflowID string, runID string, signalName string, arg any) error
}

type ServiceOptions struct {
	TaskQueue      string
	DefaultCarrier string
}

type Service struct {
	repo     Repository
	tx       database.TxRunner
	temporal WorkflowStarter
	opts     ServiceOptions
}

func NewService(repo Repository, tx database.TxRunner, tc WorkflowStarter, opts ServiceOptions) *Service {
	return &Service{repo: repo, tx: tx, temporal: tc, opts: opts}
}

// Accept records the partner's request and starts (or re-attaches to) its
// workflow. Partners resend requests they have no answer for; both the row
// and the workflow are keyed on the partner's request reference.
func (s *Service) Accept(ctx context.Context, req Request) (domain.Transfer, error) {
	if req.PartnerCode == "" || req.RequestRef == "" || req.Quantity <= 0 || req.Kind.ShelfLife() == 0 {
		return domain.Transfer{}, fmt.Errorf("transfer request: %w", domain.ErrInvalid)
	}
	if _, err := s.repo.Partner(ctx, req.PartnerCode); err != nil {
		return domain.Transfer{}, err
	}
	var t domain.Transfer
	err := s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		var err error
		t, _, err = s.repo.ClaimRequest(ctx, tx, domain.Transfer{
			ID:                uuid.New(),
			PartnerCode:       req.PartnerCode,
			PartnerRequestRef: req.RequestRef,
			Kind:              req.Kind,
			BloodGroup:        req.BloodGroup,
			Quantity:          req.Quantity,
		})
		return err
	})
	if err != nil {
		return domain.Transfer{}, err
	}

	// A running workflow with this ID is returned as is; a finished one is
	// never started again.
	_, err = s.temporal.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:                    WorkflowID(t.PartnerCode, t.PartnerRequestRef),
		TaskQueue:             s.opts.TaskQueue,
		WorkflowIDReusePolicy: enumspb.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE,
	}, TransferWorkflow, Input{TransferID: t.ID.String(), Carrier: s.opts.DefaultCarrier})
	var started *serviceerror.WorkflowExecutionAlreadyStarted
	if errors.As(err, &started) {
		return t, nil
	}
	if err != nil {
		return domain.Transfer{}, fmt.Errorf("start transfer workflow: %w", err)
	}
	return t, nil
}

// ReportArrival forwards the partner's arrival confirmation to the workflow.
func (s *Service) ReportArrival(ctx context.Context, transferID uuid.UUID, a Arrival) error {
	t, err := s.repo.Get(ctx, transferID)
	if err != nil {
		return err
	}
	return s.temporal.SignalWorkflow(ctx, WorkflowID(t.PartnerCode, t.PartnerRequestRef), "", SignalArrived, a)
}
