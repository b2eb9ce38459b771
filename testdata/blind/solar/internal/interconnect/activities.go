package interconnect

import (
	"context"
	"fmt"

	"github.com/sunrail/installs/internal/clients/utility"
	"github.com/sunrail/installs/internal/projects"
)

// Portal is the utility's interconnection API.
type Portal interface {
	SubmitInterconnection(ctx context.Context, req utility.InterconnectionRequest) (*utility.Application, error)
	RequestMeterSwap(ctx context.Context, req utility.MeterSwapRequest) (*utility.MeterSwapTicket, error)
}

// Activities are registered on the worker as a struct.
type Activities struct {
	Repo     *Repository
	Projects ProjectStore
	Portal   Portal
}

// SubmitInterconnection files the net-metering application.
func (a *Activities) SubmitInterconnection(ctx context.Context, in WorkflowInput) (SubmitOutput, error) {
	ic, err := a.Repo.ByProject(ctx, in.ProjectID)
	if err != nil {
		return SubmitOutput{}, err
	}
	if ic.ApplicationRef != "" {
		return SubmitOutput{ApplicationRef: ic.ApplicationRef}, nil
	}
	facts, err := a.Projects.PermitFacts(ctx, in.ProjectID)
	if err != nil {
		return SubmitOutput{}, err
	}
	app, err := a.Portal.SubmitInterconnection(ctx, applicationFor(facts, ic))
	if err != nil {
		return SubmitOutput{}, fmt.Errorf("submit interconnection: %w", err)
	}
	return SubmitOutput{ApplicationRef: app.ApplicationRef}, nil
}

func applicationFor(f projects.Facts, ic Interconnection) utility.InterconnectionRequest {
	acKW := f.SystemKW * 0.96
	return utility.InterconnectionRequest{
		AccountNumber:   ic.AccountNumber,
		ServiceAddress:  f.SiteAddress,
		CustomerName:    f.HomeownerName,
		InverterModel:   f.InverterSKU,
		InverterCount:   inverterCount(f),
		SystemKWAC:      acKW,
		BatteryKWh:      f.BatteryKWh,
		InstallerLicNo:  f.LicenseNumber,
		OneLineDiagram:  f.PlanSetURL + "#one-line",
		RequestedTariff: "NEM3",
	}
}

func inverterCount(f projects.Facts) int {
	// Microinverter SKUs carry one unit per module.
	if len(f.InverterSKU) > 3 && f.InverterSKU[:3] == "IQ8" {
		return f.PanelCount
	}
	return 1
}

// RecordInterconnectionSubmission stores the application reference.
func (a *Activities) RecordInterconnectionSubmission(ctx context.Context, in RecordInput) error {
	if err := a.Repo.MarkSubmitted(ctx, in.ProjectID, in.ApplicationRef); err != nil {
		return err
	}
	return a.Projects.SetStatus(ctx, in.ProjectID, "interconnection_submitted")
}

// RequestMeterSwap asks the utility for a bidirectional meter.
func (a *Activities) RequestMeterSwap(ctx context.Context, in RecordInput) error {
	ic, err := a.Repo.ByProject(ctx, in.ProjectID)
	if err != nil {
		return err
	}
	if ic.MeterSwapTicket != "" {
		return nil
	}
	facts, err := a.Projects.PermitFacts(ctx, in.ProjectID)
	if err != nil {
		return err
	}
	ticket, err := a.Portal.RequestMeterSwap(ctx, utility.MeterSwapRequest{
		ApplicationRef: in.ApplicationRef,
		AccountNumber:  ic.AccountNumber,
		AccessNotes:    "Meter on side of house; gate code with homeowner",
		ContactPhone:   facts.HomeownerTel,
	})
	if err != nil {
		return err
	}
	return a.Repo.SaveMeterSwapTicket(ctx, in.ProjectID, ticket.TicketNumber)
}
