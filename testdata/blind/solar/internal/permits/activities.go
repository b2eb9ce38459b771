package permits

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"go.temporal.io/sdk/activity"

	"github.com/sunrail/installs/internal/clients/permitsapi"
	"github.com/sunrail/installs/internal/platform/database"
	"github.com/sunrail/installs/internal/platform/events"
	"github.com/sunrail/installs/internal/platform/ids"
)

// Portal is the municipal permitting API.
type Portal interface {
	Submit(ctx context.Context, app permitsapi.Application) (*permitsapi.Submission, error)
	Status(ctx context.Context, permitNumber string) (*permitsapi.Decision, error)
	ScheduleInspection(ctx context.Context, req permitsapi.InspectionRequest) (*permitsapi.Inspection, error)
}

// Activities are registered on the worker as a struct.
type Activities struct {
	Repo     *Repository
	Projects ProjectReader
	Portal   Portal
	Events   events.Publisher
	Tx       database.TxManager
}

// SubmitPermitApplication files the application with the jurisdiction.
func (a *Activities) SubmitPermitApplication(ctx context.Context, in WorkflowInput) (SubmitResult, error) {
	p, err := a.Repo.Get(ctx, in.PermitID)
	if err != nil {
		return SubmitResult{}, err
	}
	if p.PermitNumber != "" {
		return SubmitResult{PermitNumber: p.PermitNumber}, nil
	}
	facts, err := a.Projects.PermitFacts(ctx, in.ProjectID)
	if err != nil {
		return SubmitResult{}, err
	}

	sub, err := a.Portal.Submit(ctx, permitsapi.Application{
		RequestKey:    uuid.NewString(),
		Jurisdiction:  facts.Jurisdiction,
		ParcelAddress: facts.SiteAddress,
		Contractor:    facts.LicenseNumber,
		SystemKW:      facts.SystemKW,
		ScopeOfWork:   fmt.Sprintf("Install %.2f kW roof-mounted PV system (%s)", facts.SystemKW, facts.Number),
		Documents:     []permitsapi.Document{{Kind: "plan_set", URL: facts.PlanSetURL}},
	})
	if err != nil {
		return SubmitResult{}, err
	}
	activity.GetLogger(ctx).Info("permit application accepted by portal", "permit_number", sub.PermitNumber)

	err = a.Tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := a.Repo.MarkSubmitted(ctx, p.ID, sub.PermitNumber, sub.FeeCents); err != nil {
			return err
		}
		return a.Projects.SetStatus(ctx, in.ProjectID, "permitting")
	})
	if err != nil {
		return SubmitResult{}, err
	}
	return SubmitResult{PermitNumber: sub.PermitNumber}, nil
}

// AwaitPermitDecision checks the portal and records the decision once made.
func (a *Activities) AwaitPermitDecision(ctx context.Context, in WorkflowInput) (DecisionResult, error) {
	p, err := a.Repo.Get(ctx, in.PermitID)
	if err != nil {
		return DecisionResult{}, err
	}
	switch p.Status {
	case StatusApproved:
		return DecisionResult{Approved: true}, nil
	case StatusRejected:
		return DecisionResult{Approved: false}, nil
	}
	dec, err := a.Portal.Status(ctx, p.PermitNumber)
	if err != nil {
		return DecisionResult{}, err
	}
	approved := dec.Status == "approved" || dec.Status == "issued"
	status := StatusRejected
	if approved {
		status = StatusApproved
	}

	err = a.Tx.WithinTx(ctx, func(ctx context.Context) error {
		changed, err := a.Repo.Decide(ctx, p.ID, status, dec.DecidedAt)
		if err != nil || !changed {
			return err
		}
		if !approved {
			return nil
		}
		if err := a.Projects.SetStatus(ctx, in.ProjectID, "permitted"); err != nil {
			return err
		}
		return a.Events.Publish(ctx, events.TopicPermitApproved, events.PermitApproved{
			PermitID:   p.ID,
			ProjectID:  in.ProjectID,
			PermitRef:  dec.PermitNumber,
			ApprovedAt: dec.DecidedAt,
		})
	})
	if err != nil {
		return DecisionResult{}, err
	}
	return DecisionResult{Approved: approved, Comments: dec.Comments}, nil
}

// ScheduleInspection books the final inspection.
func (a *Activities) ScheduleInspection(ctx context.Context, in WorkflowInput) error {
	p, err := a.Repo.Get(ctx, in.PermitID)
	if err != nil {
		return err
	}
	if p.InspectionRef != "" {
		return nil
	}
	facts, err := a.Projects.PermitFacts(ctx, in.ProjectID)
	if err != nil {
		return err
	}
	info := activity.GetInfo(ctx)
	insp, err := a.Portal.ScheduleInspection(ctx, permitsapi.InspectionRequest{
		RequestKey:   ids.Derived(info.WorkflowExecution.ID, info.ActivityID),
		PermitNumber: p.PermitNumber,
		Kind:         "final_electrical",
		Window:       "after_install",
		ContactPhone: facts.HomeownerTel,
	})
	if err != nil {
		return err
	}
	return a.Repo.SetInspection(ctx, p.ID, insp.Reference, insp.ScheduledOn)
}
