// Package consumer adapts domain services to SQS-triggered Lambda handlers.
package consumer

import (
	"context"
	"errors"

	"github.com/voltway/charging/internal/cdr"
	"github.com/voltway/charging/internal/emsp"
	"github.com/voltway/charging/internal/faults"
	"github.com/voltway/charging/internal/fleet"
	"github.com/voltway/charging/internal/followups"
	"github.com/voltway/charging/internal/notify"
	"github.com/voltway/charging/internal/platform/dbutil"
	"github.com/voltway/charging/internal/platform/sqsbatch"
	"github.com/voltway/charging/internal/session"
	"github.com/voltway/charging/internal/tariff"
)

// notFoundIsPermanent acknowledges messages that reference rows which do
// not exist: redelivering them cannot help.
func notFoundIsPermanent[T any](h sqsbatch.Handler[T]) sqsbatch.Handler[T] {
	return func(ctx context.Context, msg sqsbatch.Message[T]) error {
		err := h(ctx, msg)
		if errors.Is(err, dbutil.ErrNotFound) {
			return sqsbatch.Permanent(err)
		}
		return err
	}
}

// Body adapts a func of the body alone.
func Body[T any](fn func(context.Context, T) error) sqsbatch.Handler[T] {
	return notFoundIsPermanent(func(ctx context.Context, msg sqsbatch.Message[T]) error {
		return fn(ctx, msg.Body)
	})
}

// Capture settles completed sessions (queue: session-completed).
func Capture(c *session.Completer) sqsbatch.Handler[session.Completed] {
	return Body(c.Handle)
}

// FleetBilling books fleet usage (queue: fleet-billing).
func FleetBilling(s *fleet.Service) sqsbatch.Handler[fleet.SessionUsage] {
	return Body(s.RecordUsage)
}

// CDROutbound pushes CDRs to partners (queue: cdr-outbound.fifo).
func CDROutbound(o *cdr.Outbox) sqsbatch.Handler[followups.CDRJob] {
	return Body(func(ctx context.Context, j followups.CDRJob) error {
		return o.Push(ctx, j.SessionID)
	})
}

// CDRBilling bills roaming CDRs to drivers (queue: cdr-billing.fifo).
func CDRBilling(b *cdr.Biller) sqsbatch.Handler[cdr.BillingJob] {
	return Body(b.Bill)
}

// SMS delivers driver SMS (queue: driver-sms).
func SMS(d *notify.SMSDispatcher) sqsbatch.Handler[notify.SMSJob] {
	return Body(d.Deliver)
}

// Push delivers push notifications (queue: driver-push).
func Push(d *notify.PushDispatcher) sqsbatch.Handler[notify.PushJob] {
	return notFoundIsPermanent(func(ctx context.Context, msg sqsbatch.Message[notify.PushJob]) error {
		return d.Deliver(ctx, msg.ID, msg.Body)
	})
}

// FaultTickets opens contractor tickets (queue: station-faults).
func FaultTickets(d *faults.Dispatcher) sqsbatch.Handler[faults.Event] {
	return Body(d.Dispatch)
}

// RoamingCommands relays start commands to partners (queue: roaming-commands.fifo).
func RoamingCommands(s *emsp.Sender) sqsbatch.Handler[emsp.Job] {
	return Body(func(ctx context.Context, j emsp.Job) error {
		return s.Send(ctx, j.CommandID)
	})
}

// TariffChanges applies tariff versions (queue: tariff-changes.fifo).
func TariffChanges(a *tariff.Applier) sqsbatch.Handler[tariff.Change] {
	return Body(a.Apply)
}
