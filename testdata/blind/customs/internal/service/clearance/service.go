// Package clearance applies customs decisions received from the authority.
package clearance

import (
	"context"
	"errors"
	"log/slog"

	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"
	"go.uber.org/fx"
	"gorm.io/gorm"

	"github.com/harborline/brokerage/internal/clients/customs"
	"github.com/harborline/brokerage/internal/domain"
	"github.com/harborline/brokerage/internal/platform/ids"
	"github.com/harborline/brokerage/internal/repository"
	"github.com/harborline/brokerage/internal/workflows"
)

// Service applies authority decisions.
type Service interface {
	HandleDecision(ctx context.Context, evt customs.DecisionEvent) error
}

// Deps are the dependencies injected by fx.
type Deps struct {
	fx.In

	Tx           repository.Transactor
	Declarations repository.DeclarationRepository
	Shipments    repository.ShipmentRepository
	Inbox        repository.InboxRepository
	Audit        repository.AuditRepository
	Temporal     client.Client
	Log          *slog.Logger
}

type service struct{ Deps }

// New returns the clearance service.
func New(d Deps) *service { return &service{Deps: d} }

const webhookSource = "customs"

var shipmentStatusFor = map[string]string{
	"released": domain.ShipmentCleared,
	"held":     domain.ShipmentHeld,
	"rejected": domain.ShipmentRejected,
}

// HandleDecision records the decision and forwards it to the declaration
// workflow. The event id is claimed in the same transaction as the state
// change; the signal is sent after commit on every delivery, and the
// workflow ignores event ids it has already seen.
func (s *service) HandleDecision(ctx context.Context, evt customs.DecisionEvent) error {
	var decl *domain.Declaration
	err := s.Tx.InTx(ctx, func(tx *gorm.DB) error {
		d, err := s.Declarations.WithTx(tx).GetByMRN(ctx, evt.MRN)
		if err != nil {
			return err
		}
		decl = d
		fresh, err := s.Inbox.WithTx(tx).RecordEvent(ctx, webhookSource, evt.EventID, evt.EventType)
		if err != nil || !fresh {
			return err
		}
		applied, err := s.Declarations.WithTx(tx).RecordDecision(ctx, d.ID, evt.Decision, evt.Note, evt.DecidedAt)
		if err != nil || !applied {
			return err
		}
		if status, ok := shipmentStatusFor[evt.Decision]; ok && status != domain.ShipmentCleared {
			if err := s.Shipments.WithTx(tx).UpdateStatus(ctx, d.ShipmentID, status); err != nil {
				return err
			}
		}
		return s.Audit.WithTx(tx).Append(ctx, &domain.AuditEntry{
			ID: ids.New(ids.Audit), Actor: "customs", Action: "declaration." + evt.Decision, Subject: d.ID,
		})
	})
	if errors.Is(err, repository.ErrNotFound) {
		s.Log.WarnContext(ctx, "decision for unknown MRN", "mrn", evt.MRN, "event", evt.EventID)
		return nil
	}
	if err != nil {
		return err
	}

	err = s.Temporal.SignalWorkflow(ctx, decl.WorkflowID, "", workflows.SignalDecision, workflows.DecisionSignal{
		EventID: evt.EventID, Decision: evt.Decision, Note: evt.Note, DecidedAt: evt.DecidedAt,
	})
	var nf *serviceerror.NotFound
	if errors.As(err, &nf) {
		s.Log.InfoContext(ctx, "declaration workflow already closed", "workflow", decl.WorkflowID)
		return nil
	}
	return err
}
