package tasks

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/quaymark/terminal-ops/internal/domain"
)

// AccrualService accrues demurrage.
type AccrualService interface {
	AccrueDay(ctx context.Context, day time.Time) (int, error)
	LinesToInvoice(ctx context.Context, period string) ([]string, error)
}

// InvoiceService issues and sends invoices.
type InvoiceService interface {
	Generate(ctx context.Context, lineCode, period string) (*domain.Invoice, error)
	Send(ctx context.Context, invoiceID string) error
}

// AutochargeService charges saved cards.
type AutochargeService interface {
	Autocharge(ctx context.Context, invoiceID string) error
}

// OutboxRelay relays the EDI outbox.
type OutboxRelay interface {
	RelayOnce(ctx context.Context) (int, error)
}

// Handlers holds the dependencies of every task handler.
type Handlers struct {
	Accrual    AccrualService
	Invoices   InvoiceService
	Autocharge AutochargeService
	Relay      OutboxRelay
	Queue      Enqueuer
	Now        func() time.Time
}

// Table maps task types to handlers; NewMux registers every entry.
func (h *Handlers) Table() map[string]asynq.HandlerFunc {
	return map[string]asynq.HandlerFunc{
		TypeAccrueDaily:     h.accrueDaily,
		TypeClosePeriod:     h.closePeriod,
		TypeGenerateInvoice: h.generateInvoice,
		TypeSendInvoice:     h.sendInvoice,
		TypeAutocharge:      h.autocharge,
		TypeRelayOutbox:     h.relayOutbox,
	}
}

func (h *Handlers) accrueDaily(ctx context.Context, t *asynq.Task) error {
	p, err := decode[AccrueDailyPayload](t)
	if err != nil {
		return err
	}
	day := h.Now().UTC().AddDate(0, 0, -1)
	if p.Day != "" {
		if day, err = time.Parse(time.DateOnly, p.Day); err != nil {
			return fmt.Errorf("day %q: %v: %w", p.Day, err, asynq.SkipRetry)
		}
	}
	_, err = h.Accrual.AccrueDay(ctx, day)
	return err
}

func (h *Handlers) closePeriod(ctx context.Context, t *asynq.Task) error {
	p, err := decode[ClosePeriodPayload](t)
	if err != nil {
		return err
	}
	period := p.Period
	if period == "" {
		period = h.Now().UTC().AddDate(0, -1, 0).Format("2006-01")
	}
	lines, err := h.Accrual.LinesToInvoice(ctx, period)
	if err != nil {
		return err
	}
	for _, line := range lines {
		err := enqueueOnce(ctx, h.Queue, TypeGenerateInvoice,
			GenerateInvoicePayload{LineCode: line, Period: period},
			"gen-invoice:"+line+":"+period, asynq.Queue(QueueBilling))
		if err != nil {
			return err
		}
	}
	slog.InfoContext(ctx, "period closed", "period", period, "lines", len(lines))
	return nil
}

func (h *Handlers) generateInvoice(ctx context.Context, t *asynq.Task) error {
	p, err := decode[GenerateInvoicePayload](t)
	if err != nil {
		return err
	}
	inv, err := h.Invoices.Generate(ctx, p.LineCode, p.Period)
	if err != nil || inv == nil {
		return err
	}
	ref := InvoicePayload{InvoiceID: inv.ID}
	if err := enqueueOnce(ctx, h.Queue, TypeSendInvoice, ref, "send-invoice:"+inv.ID, asynq.Queue(QueueBilling)); err != nil {
		return err
	}
	return enqueueOnce(ctx, h.Queue, TypeAutocharge, ref, "autocharge:"+inv.ID,
		asynq.Queue(QueueBilling), asynq.ProcessIn(2*time.Hour))
}

func (h *Handlers) sendInvoice(ctx context.Context, t *asynq.Task) error {
	p, err := decode[InvoicePayload](t)
	if err != nil {
		return err
	}
	return h.Invoices.Send(ctx, p.InvoiceID)
}

func (h *Handlers) autocharge(ctx context.Context, t *asynq.Task) error {
	p, err := decode[InvoicePayload](t)
	if err != nil {
		return err
	}
	return h.Autocharge.Autocharge(ctx, p.InvoiceID)
}

func (h *Handlers) relayOutbox(ctx context.Context, _ *asynq.Task) error {
	for {
		n, err := h.Relay.RelayOnce(ctx)
		if err != nil || n == 0 {
			return err
		}
	}
}
