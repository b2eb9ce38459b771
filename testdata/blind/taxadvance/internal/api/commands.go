package api

import (
	"context"
	"log/slog"
	"time"

	"github.com/refundbridge/advance/internal/command"
	"github.com/refundbridge/advance/internal/service"
)

// Commands are the write operations the API exposes, each a decorated
// command handler.
type Commands struct {
	Submit        command.Handler[command.SubmitApplication]
	Withdraw      command.Handler[command.WithdrawApplication]
	TransferEvent command.Handler[command.ApplyTransferEvent]
	ReturnEvent   command.Handler[command.ApplyReturnEvent]
	Adjustment    command.Handler[command.RecordAdjustment]
	Redisburse    command.Handler[command.Redisburse]
}

// CommandServices are the services the commands delegate to.
type CommandServices struct {
	Applications  service.Applications
	Webhooks      service.Webhooks
	Commissions   service.Commissions
	Disbursements service.Disbursements
}

// decorate applies the standard stack: recover, log, validate, bound.
func decorate[C command.Validator](log *slog.Logger, name string, timeout time.Duration, h command.HandlerFunc[C]) command.Handler[C] {
	return command.Chain[C](h,
		command.WithRecover[C](log),
		command.WithLogging[C](log, name),
		command.WithValidation[C](),
		command.WithTimeout[C](timeout),
	)
}

// NewCommands wires command handlers to services.
func NewCommands(svc CommandServices, log *slog.Logger) Commands {
	return Commands{
		Submit: decorate(log, "submit_application", 15*time.Second,
			func(ctx context.Context, c command.SubmitApplication) error {
				res, err := svc.Applications.Submit(ctx, c.Input)
				if err != nil {
					return err
				}
				*c.Result = res
				return nil
			}),
		Withdraw: decorate(log, "withdraw_application", 5*time.Second,
			func(ctx context.Context, c command.WithdrawApplication) error {
				app, err := svc.Applications.Withdraw(ctx, c.PartnerID, c.ApplicationID, c.Reason)
				if err != nil {
					return err
				}
				if c.Result != nil {
					*c.Result = app
				}
				return nil
			}),
		TransferEvent: decorate(log, "apply_transfer_event", 10*time.Second,
			func(ctx context.Context, c command.ApplyTransferEvent) error {
				return svc.Webhooks.ApplyTransferEvent(ctx, c.Event)
			}),
		ReturnEvent: decorate(log, "apply_return_event", 10*time.Second,
			func(ctx context.Context, c command.ApplyReturnEvent) error {
				return svc.Webhooks.ApplyReturnEvent(ctx, c.PartnerID, c.Event)
			}),
		Adjustment: decorate(log, "record_adjustment", 5*time.Second,
			func(ctx context.Context, c command.RecordAdjustment) error {
				a, err := svc.Commissions.RecordAdjustment(ctx, c.Input)
				if err != nil {
					return err
				}
				if c.Result != nil {
					*c.Result = a
				}
				return nil
			}),
		Redisburse: decorate(log, "redisburse", 30*time.Second,
			func(ctx context.Context, c command.Redisburse) error {
				d, err := svc.Disbursements.Redisburse(ctx, c.Input)
				if err != nil {
					return err
				}
				if c.Result != nil {
					*c.Result = d
				}
				return nil
			}),
	}
}
