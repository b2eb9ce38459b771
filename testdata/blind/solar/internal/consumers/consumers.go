// Package consumers wires domain services to event topics.
package consumers

import (
	"context"
	"log/slog"

	"go.uber.org/dig"

	"github.com/sunrail/installs/internal/platform/events"
	"github.com/sunrail/installs/internal/projects"
	"github.com/sunrail/installs/internal/scheduling"
)

// ProjectOpener opens a project for a signed contract.
type ProjectOpener interface {
	OpenForContract(ctx context.Context, evt events.ContractSigned) (projects.Project, error)
}

// DepositRecorder books a settled deposit.
type DepositRecorder interface {
	RecordDeposit(ctx context.Context, evt events.DepositSucceeded) error
}

// MilestoneBiller bills a reached milestone.
type MilestoneBiller interface {
	ChargeMilestone(ctx context.Context, evt events.MilestoneReached) error
}

// JobOpener puts permitted projects on the scheduling board.
type JobOpener interface {
	OpenJob(ctx context.Context, evt events.PermitApproved) (scheduling.Job, error)
}

// InstallNotifier sends install texts.
type InstallNotifier interface {
	HomeownerInstallScheduled(ctx context.Context, env events.Envelope, evt events.InstallScheduled) error
	CrewLeadAssigned(ctx context.Context, env events.Envelope, evt events.InstallScheduled) error
}

// Accruer accrues installer revenue share.
type Accruer interface {
	Accrue(ctx context.Context, evt events.InvoicePaid) error
}

// Deps are the services the consumers call.
type Deps struct {
	dig.In

	Projects   ProjectOpener
	Deposits   DepositRecorder
	Milestones MilestoneBiller
	Jobs       JobOpener
	Notifier   InstallNotifier
	Payouts    Accruer
}

// All returns every consumer registered on the events router.
func All(d Deps) []events.Consumer {
	return []events.Consumer{
		{
			Name:  "projects.open_on_contract_signed",
			Topic: events.TopicContractSigned,
			Handler: events.Handle(func(ctx context.Context, env events.Envelope, evt events.ContractSigned) error {
				p, err := d.Projects.OpenForContract(ctx, evt)
				if err != nil {
					return err
				}
				slog.InfoContext(ctx, "project open", "project", p.Number, "event_id", env.ID)
				return nil
			}),
		},
		{
			Name:  "invoicing.record_deposit",
			Topic: events.TopicDepositSucceeded,
			Handler: events.Handle(func(ctx context.Context, _ events.Envelope, evt events.DepositSucceeded) error {
				return d.Deposits.RecordDeposit(ctx, evt)
			}),
		},
		{
			Name:  "scheduling.open_job_on_permit_approved",
			Topic: events.TopicPermitApproved,
			Handler: events.Handle(func(ctx context.Context, _ events.Envelope, evt events.PermitApproved) error {
				_, err := d.Jobs.OpenJob(ctx, evt)
				return err
			}),
		},
		{
			Name:    "notify.homeowner_install_scheduled",
			Topic:   events.TopicInstallScheduled,
			Handler: events.Handle(d.Notifier.HomeownerInstallScheduled),
		},
		{
			Name:    "notify.crew_lead_install_scheduled",
			Topic:   events.TopicInstallScheduled,
			Handler: events.Handle(d.Notifier.CrewLeadAssigned),
		},
		{
			Name:  "invoicing.charge_milestone",
			Topic: events.TopicMilestoneReached,
			Handler: events.Handle(func(ctx context.Context, _ events.Envelope, evt events.MilestoneReached) error {
				return d.Milestones.ChargeMilestone(ctx, evt)
			}),
		},
		{
			Name:  "payouts.accrue_on_invoice_paid",
			Topic: events.TopicInvoicePaid,
			Handler: events.Handle(func(ctx context.Context, _ events.Envelope, evt events.InvoicePaid) error {
				return d.Payouts.Accrue(ctx, evt)
			}),
		},
	}
}
