// Package worker maps asynq task types to service calls.
package worker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/summitline/skipass/internal/service"
	"github.com/summitline/skipass/internal/tasks"
)

type Handlers struct {
	cards       service.CardService
	instalments service.InstalmentService
	closures    service.ClosureService
	refunds     service.RefundService
	loyalty     service.LoyaltyService
	billing     service.BillingService
	log         *slog.Logger
}

func NewHandlers(cards service.CardService, instalments service.InstalmentService, closures service.ClosureService,
	refunds service.RefundService, loyalty service.LoyaltyService, billing service.BillingService,
	log *slog.Logger) *Handlers {
	return &Handlers{
		cards: cards, instalments: instalments, closures: closures, refunds: refunds,
		loyalty: loyalty, billing: billing, log: log,
	}
}

// handle adapts a typed payload handler to asynq.
func handle[P any](fn func(ctx context.Context, p P) error) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		p, err := tasks.Decode[P](t)
		if err != nil {
			return err
		}
		return fn(ctx, p)
	}
}

// Routes lists every task type the worker consumes.
func (h *Handlers) Routes() map[string]asynq.Handler {
	return map[string]asynq.Handler{
		tasks.TypeEncodePass: handle(func(ctx context.Context, p tasks.EncodePass) error {
			return h.cards.Encode(ctx, p.PassID)
		}),
		tasks.TypeShipCard: handle(func(ctx context.Context, p tasks.ShipCard) error {
			return h.cards.Ship(ctx, p.PassID)
		}),
		tasks.TypeChargeInstalment: handle(h.chargeInstalment),
		tasks.TypeInstalmentReceipt: handle(func(ctx context.Context, p tasks.InstalmentReceipt) error {
			return h.instalments.SendReceipt(ctx, p.InstalmentID)
		}),
		tasks.TypeClosureRefunds: handle(func(ctx context.Context, p tasks.ClosureRefunds) error {
			n, err := h.closures.ExpandRefunds(ctx, p.ClosureID)
			if err == nil {
				h.log.Info("closure refunds queued", "closure_id", p.ClosureID, "count", n)
			}
			return err
		}),
		tasks.TypeIssueRefund: handle(func(ctx context.Context, p tasks.IssueRefund) error {
			return h.refunds.Issue(ctx, p.Source, p.ID)
		}),
		tasks.TypeGrantRideDay: handle(h.grantRideDay),
		tasks.TypeInvoiceReminder: handle(func(ctx context.Context, p tasks.InvoiceReminder) error {
			id, _ := asynq.GetTaskID(ctx)
			return h.billing.SendReminder(ctx, p.InvoiceID, p.Stage, id)
		}),
	}
}

func (h *Handlers) chargeInstalment(ctx context.Context, p tasks.ChargeInstalment) error {
	err := h.instalments.Charge(ctx, p.InstalmentID)
	if errors.Is(err, service.ErrDeclined) {
		return fmt.Errorf("%w: %w", err, asynq.SkipRetry)
	}
	return err
}

func (h *Handlers) grantRideDay(ctx context.Context, p tasks.GrantRideDay) error {
	day, err := time.Parse(time.DateOnly, p.RideDate)
	if err != nil {
		return fmt.Errorf("ride date %q: %w", p.RideDate, asynq.SkipRetry)
	}
	_, err = h.loyalty.GrantRideDay(ctx, p.AccountID, p.PassID, day)
	return err
}

// NewMux registers Routes on a ServeMux with panic recovery and logging.
func NewMux(h *Handlers) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Use(h.recoverer)
	for typ, handler := range h.Routes() {
		mux.Handle(typ, handler)
	}
	return mux
}

func (h *Handlers) recoverer(next asynq.Handler) asynq.Handler {
	return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) (err error) {
		defer func() {
			if r := recover(); r != nil {
				h.log.Error("task panicked", "type", t.Type(), "panic", r)
				err = fmt.Errorf("panic in %s: %v", t.Type(), r)
			}
		}()
		return next.ProcessTask(ctx, t)
	})
}
