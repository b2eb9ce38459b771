// Package webhooks notifies suppliers and the tenant's ERP about invoice
// events, and redelivers ERP webhooks that could not be delivered.
package webhooks

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/northwind/payables/internal/domain"
	"github.com/northwind/payables/internal/platform/ids"
	"github.com/northwind/payables/internal/provider/erp"
	"github.com/northwind/payables/internal/provider/mailer"
	"github.com/northwind/payables/internal/repo"
	"github.com/northwind/payables/internal/service/invoices"
)

// Service handles outbound notifications.
type Service interface {
	OnInvoiceApproved(ctx context.Context, ev invoices.ApprovedEvent, eventID string) error
	Redeliver(ctx context.Context, limit int) (int, error)
}

// Deps are the collaborators of the webhook service.
type Deps struct {
	Log           *slog.Logger
	Invoices      repo.InvoiceRepo
	Suppliers     repo.SupplierRepo
	Tenants       repo.TenantRepo
	Webhooks      repo.WebhookRepo
	Notifications repo.NotificationRepo
	Mail          mailer.Sender
	ERP           erp.Deliverer
	From          string
	Clock         func() time.Time
}

type service struct{ Deps }

// New returns the webhook Service.
func New(d Deps) Service {
	if d.Clock == nil {
		d.Clock = time.Now
	}
	return &service{d}
}

type approvedMail struct {
	SupplierName  string
	PayerName     string
	InvoiceNumber string
	DueDate       string
}

// OnInvoiceApproved tells the supplier that the invoice will be paid and
// pushes the approval to the tenant's ERP. The ERP webhook carries the
// event ID as its Webhook-Id; if the ERP is down the delivery is parked for
// the redelivery job.
func (s *service) OnInvoiceApproved(ctx context.Context, ev invoices.ApprovedEvent, eventID string) error {
	inv, err := s.Invoices.Get(ctx, ev.TenantID, ev.InvoiceID)
	if err != nil {
		return fmt.Errorf("invoice %s: %w", ev.InvoiceID, err)
	}
	sup, err := s.Suppliers.Get(ctx, ev.TenantID, inv.SupplierID)
	if err != nil {
		return err
	}
	tenant, err := s.Tenants.Get(ctx, ev.TenantID)
	if err != nil {
		return err
	}

	msg, err := mailer.Render(mailer.TplInvoiceApprove, s.From, []string{sup.Email}, approvedMail{
		SupplierName: sup.Name, PayerName: tenant.Name, InvoiceNumber: inv.Number,
		DueDate: inv.DueDate.Format(time.DateOnly),
	})
	if err != nil {
		return err
	}
	mid, err := s.Mail.Send(ctx, msg)
	if err != nil {
		return fmt.Errorf("notify supplier: %w", err)
	}

	if tenant.ERPWebhookURL != "" {
		data, _ := json.Marshal(inv)
		env := erp.Envelope{ID: eventID, Type: "invoice.approved", OccurredAt: ev.ApprovedAt, Data: data}
		ep := erp.Endpoint{URL: tenant.ERPWebhookURL, Secret: tenant.ERPWebhookSecret}
		if err := s.ERP.Deliver(ctx, ep, env); err != nil {
			s.Log.WarnContext(ctx, "erp webhook failed; parking for redelivery", "event_id", eventID, "err", err)
			next := s.Clock().Add(time.Minute)
			if _, err := s.Webhooks.Enqueue(ctx, &domain.WebhookDelivery{
				ID:            ids.DeriveString("webhook", tenant.ID, eventID),
				TenantID:      tenant.ID,
				EventID:       eventID,
				EventType:     env.Type,
				Payload:       data,
				NextAttemptAt: &next,
			}); err != nil {
				return err
			}
		}
	}

	return s.Notifications.Record(ctx, repo.Notification{
		ID:        ids.NewULID(),
		TenantID:  tenant.ID,
		Kind:      "invoice_approved",
		RefID:     inv.ID,
		Recipient: sup.Email,
		MessageID: mid,
	})
}

func backoffFor(attempts int) time.Duration {
	d := time.Minute << min(attempts, 10)
	return min(d, 6*time.Hour)
}

// Redeliver retries parked ERP webhooks with their original Webhook-Id.
func (s *service) Redeliver(ctx context.Context, limit int) (int, error) {
	if limit <= 0 {
		limit = 100
	}
	now := s.Clock()
	due, err := s.Webhooks.Due(ctx, now, uint64(limit))
	if err != nil {
		return 0, err
	}
	delivered := 0
	for _, d := range due {
		tenant, err := s.Tenants.Get(ctx, d.TenantID)
		if err != nil {
			return delivered, err
		}
		env := erp.Envelope{ID: d.EventID, Type: d.EventType, OccurredAt: now.UTC(), Data: d.Payload}
		ep := erp.Endpoint{URL: tenant.ERPWebhookURL, Secret: tenant.ERPWebhookSecret}
		if err := s.ERP.Deliver(ctx, ep, env); err != nil {
			if err := s.Webhooks.MarkFailed(ctx, d.ID, err.Error(), now.Add(backoffFor(d.Attempts))); err != nil {
				return delivered, err
			}
			continue
		}
		if err := s.Webhooks.MarkDelivered(ctx, d.ID); err != nil {
			return delivered, err
		}
		delivered++
	}
	return delivered, nil
}
