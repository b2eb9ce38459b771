package worker

import (
	"context"
	"time"

	"github.com/hibiken/asynq"

	"github.com/aerolounge/loungepass/internal/tasks"
)

// handleInvoiceRun fans out one generate task per airline partner.
func (h *Handlers) handleInvoiceRun(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.InvoiceRunPayload](t)
	if err != nil {
		return err
	}
	if p.Period == "" {
		p.Period = time.Now().UTC().AddDate(0, -1, 0).Format("2006-01")
	}
	n, err := h.d.Invoicing.FanOut(ctx, p.Period)
	if err != nil {
		return err
	}
	h.log.InfoContext(ctx, "invoice run scheduled", "period", p.Period, "partners", n)
	return nil
}

func (h *Handlers) handleInvoiceGenerate(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.InvoiceGeneratePayload](t)
	if err != nil {
		return err
	}
	_, err = h.d.Invoicing.Generate(ctx, p.AirlineCode, p.Period)
	return err
}

func (h *Handlers) handleInvoiceSubmit(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.InvoiceSubmitPayload](t)
	if err != nil {
		return err
	}
	return h.d.Invoicing.Submit(ctx, p.InvoiceID)
}
