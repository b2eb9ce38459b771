package billing

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/rs/xid"

	"github.com/harbourline-systems/pilotage/internal/db"
	"github.com/harbourline-systems/pilotage/internal/store"
	"github.com/harbourline-systems/pilotage/internal/xslices"
)

// InvoiceRun is the nightly job that rolls each agent's uninvoiced dues
// lines up to yesterday into one invoice.
type InvoiceRun struct {
	q   *db.Queries
	uow store.UnitOfWork
	now func() time.Time
	log *slog.Logger
}

func NewInvoiceRun(q *db.Queries, uow store.UnitOfWork, log *slog.Logger) *InvoiceRun {
	return &InvoiceRun{q: q, uow: uow, now: time.Now, log: log.With("job", "invoice-run")}
}

func (r *InvoiceRun) Run(ctx context.Context) error {
	cutoff := startOfDay(r.now())
	lines, err := r.q.ListUninvoicedLines(ctx, cutoff)
	if err != nil {
		return fmt.Errorf("list uninvoiced lines: %w", err)
	}
	groups := xslices.GroupBy(lines, func(l db.DuesLine) string { return l.AgentID })
	for _, g := range groups {
		if err := r.invoiceAgent(ctx, g.Key, g.Items, cutoff); err != nil {
			return fmt.Errorf("invoice agent %s: %w", g.Key, err)
		}
	}
	r.log.Info("invoice run finished", "agents", len(groups), "lines", len(lines))
	return nil
}

func (r *InvoiceRun) invoiceAgent(ctx context.Context, agentID string, lines []db.DuesLine, cutoff time.Time) error {
	total := xslices.SumBy(lines, func(l db.DuesLine) int64 { return l.AmountCents })
	ids := xslices.Map(lines, func(l db.DuesLine) string { return l.ID })

	var inv db.Invoice
	err := r.uow.WithinTx(ctx, func(ctx context.Context, q *db.Queries) error {
		var err error
		inv, err = q.CreateInvoice(ctx, db.CreateInvoiceParams{
			ID:          xid.New().String(),
			AgentID:     agentID,
			PeriodStart: startOfDay(lines[0].CreatedAt),
			PeriodEnd:   cutoff.AddDate(0, 0, -1),
			TotalCents:  total,
		})
		return err
	})
	if err != nil {
		return fmt.Errorf("create invoice: %w", err)
	}

	// Attach the lines outside the invoice transaction: the number sequence
	// is shared with the manual invoicing tool and that transaction is kept
	// as short as possible.
	n, err := r.q.AttachLinesToInvoice(ctx, db.AttachLinesToInvoiceParams{InvoiceID: &inv.ID, LineIds: ids})
	if err != nil {
		return fmt.Errorf("attach lines to %s: %w", inv.Number, err)
	}
	if int(n) != len(ids) {
		r.log.Warn("some lines were invoiced concurrently", "invoice", inv.Number, "expected", len(ids), "attached", n)
	}
	return nil
}

func startOfDay(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}
