// Package worker binds background entry points to the command handlers:
// asynq task types on one side, partner SQS event types on the other.
package worker

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strconv"

	"github.com/google/wire"
	"github.com/hibiken/asynq"

	"github.com/frostline-arena/rinkops/internal/leagues"
	"github.com/frostline-arena/rinkops/internal/maintenance"
	"github.com/frostline-arena/rinkops/internal/passes"
	"github.com/frostline-arena/rinkops/internal/platform"
	"github.com/frostline-arena/rinkops/internal/providers/mailer"
	"github.com/frostline-arena/rinkops/internal/tasks"
)

var ProviderSet = wire.NewSet(NewReceiptSender, NewMux, NewServer, NewPartnerConsumer)

// bind registers fn for typ, decoding the payload into P. Payloads that do
// not decode are dropped rather than retried.
func bind[P any](mux *asynq.ServeMux, typ string, fn func(ctx context.Context, p P) error) {
	mux.HandleFunc(typ, func(ctx context.Context, t *asynq.Task) error {
		var p P
		if err := json.Unmarshal(t.Payload(), &p); err != nil {
			return fmt.Errorf("decode %s: %v: %w", typ, err, asynq.SkipRetry)
		}
		return fn(ctx, p)
	})
}

// attempt is 1 on the first run of a task and grows with each retry.
func attempt(ctx context.Context) int {
	n, _ := asynq.GetRetryCount(ctx)
	return n + 1
}

func NewMux(
	lc *leagues.Commands,
	pc *passes.Commands,
	mc *maintenance.Commands,
	receipts *ReceiptSender,
) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	bind(mux, tasks.TypeDispatchWorkOrder, func(ctx context.Context, p tasks.DispatchWorkOrder) error {
		return mc.Dispatch.Handle(ctx, maintenance.Dispatch{WorkOrderID: p.WorkOrderID, Attempt: attempt(ctx)})
	})
	bind(mux, tasks.TypeRefundBooking, func(ctx context.Context, p tasks.RefundBooking) error {
		return lc.Refund.Handle(ctx, leagues.RefundBooking{BookingID: p.BookingID})
	})
	bind(mux, tasks.TypeRenewPass, func(ctx context.Context, p tasks.RenewPass) error {
		return pc.Renew.Handle(ctx, passes.Renew{PassID: p.PassID, Period: p.Period})
	})
	bind(mux, tasks.TypeSendReceipt, receipts.Send)
	return mux
}

func NewServer(cfg *platform.Config, log *slog.Logger) *asynq.Server {
	return asynq.NewServer(platform.RedisOpt(cfg), asynq.Config{
		Concurrency: 8,
		Queues:      tasks.Queues,
		Logger:      asynqLogger{log},
	})
}

// Mailer sends templated email.
type Mailer interface {
	Send(ctx context.Context, msg mailer.Message, dedupKey string) error
}

type ReceiptSender struct {
	mail Mailer
}

func NewReceiptSender(mail Mailer) *ReceiptSender { return &ReceiptSender{mail: mail} }

func (r *ReceiptSender) Send(ctx context.Context, p tasks.SendReceipt) error {
	return r.mail.Send(ctx, mailer.Message{
		To:       p.Email,
		Template: "payment-receipt",
		Vars: map[string]string{
			"description": p.Description,
			"amount":      strconv.FormatFloat(float64(p.AmountCents)/100, 'f', 2, 64),
			"reference":   p.ChargeID,
		},
	}, "receipt-"+p.ChargeID)
}

type asynqLogger struct{ l *slog.Logger }

func (a asynqLogger) Debug(args ...any) { a.l.Debug(fmt.Sprint(args...)) }
func (a asynqLogger) Info(args ...any)  { a.l.Info(fmt.Sprint(args...)) }
func (a asynqLogger) Warn(args ...any)  { a.l.Warn(fmt.Sprint(args...)) }
func (a asynqLogger) Error(args ...any) { a.l.Error(fmt.Sprint(args...)) }
func (a asynqLogger) Fatal(args ...any) { a.l.Error(fmt.Sprint(args...)) }
