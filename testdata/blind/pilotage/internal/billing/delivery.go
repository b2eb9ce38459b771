package billing

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/harbourline-systems/pilotage/internal/db"
	"github.com/harbourline-systems/pilotage/internal/mailer"
)

// InvoiceMailer e-mails issued invoices to the agents' billing addresses.
// It runs every 15 minutes after the invoice run.
type InvoiceMailer struct {
	q     *db.Queries
	mail  Mailer
	batch int32
	log   *slog.Logger
}

func NewInvoiceMailer(q *db.Queries, m Mailer, log *slog.Logger) *InvoiceMailer {
	return &InvoiceMailer{q: q, mail: m, batch: 100, log: log.With("job", "invoice-mailer")}
}

func (m *InvoiceMailer) Run(ctx context.Context) error {
	invoices, err := m.q.ListUnsentInvoices(ctx, m.batch)
	if err != nil {
		return err
	}
	for _, inv := range invoices {
		agent, err := m.q.GetAgent(ctx, inv.AgentID)
		if err != nil {
			return fmt.Errorf("load agent %s: %w", inv.AgentID, err)
		}
		email := invoiceEmail(inv, agent)
		if _, err := m.mail.Send(ctx, email); err != nil {
			return fmt.Errorf("send invoice %s: %w", inv.Number, err)
		}
		if err := m.q.MarkInvoiceSent(ctx, inv.ID); err != nil {
			return fmt.Errorf("mark %s sent: %w", inv.Number, err)
		}
	}
	m.log.Info("invoices sent", "count", len(invoices))
	return nil
}

func invoiceEmail(inv db.Invoice, agent db.Agent) mailer.Email {
	return mailer.Email{
		To:       []string{agent.BillingEmail},
		Template: "pilotage-invoice",
		Subject:  fmt.Sprintf("Pilotage dues invoice %s", inv.Number),
		Data: map[string]string{
			"agent":        agent.Name,
			"invoice":      inv.Number,
			"period_start": inv.PeriodStart.Format("2 Jan 2006"),
			"period_end":   inv.PeriodEnd.Format("2 Jan 2006"),
			"total":        formatCents(inv.TotalCents),
			"pdf_url":      "https://agents.harbourline.example/invoices/" + inv.ID + ".pdf",
		},
	}
}
