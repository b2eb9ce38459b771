package service

import (
	"bytes"
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/polyglotdesk/marketplace/internal/domain"
	"github.com/polyglotdesk/marketplace/internal/platform"
	"github.com/polyglotdesk/marketplace/internal/providers/mailer"
	"github.com/polyglotdesk/marketplace/internal/providers/objectstore"
	"github.com/polyglotdesk/marketplace/internal/store"
	"github.com/polyglotdesk/marketplace/internal/tasks"
)

// InvoiceService issues and sends client invoices.
type InvoiceService interface {
	Generate(ctx context.Context, jobID string) error
	Send(ctx context.Context, clientID uuid.UUID, invoiceID string) error
	Get(ctx context.Context, id string) (*domain.Invoice, error)
}

// Renderer turns an invoice into a PDF document.
type Renderer interface {
	Render(inv *domain.Invoice, job *domain.Job, client *domain.Client) ([]byte, error)
}

type invoiceService struct {
	db       *gorm.DB
	jobs     *store.Jobs
	invoices *store.Invoices
	payments *store.Payments
	accounts *store.Accounts
	files    objectstore.Store
	mail     mailer.Sender
	notify   *Notifications
	render   Renderer
	vatRate  func(client *domain.Client) int
}

// NewInvoiceService builds the invoice service.
func NewInvoiceService(db *gorm.DB, jobs *store.Jobs, invoices *store.Invoices, payments *store.Payments,
	accounts *store.Accounts, files objectstore.Store, mail mailer.Sender, notify *Notifications, render Renderer) InvoiceService {
	return &invoiceService{
		db: db, jobs: jobs, invoices: invoices, payments: payments, accounts: accounts,
		files: files, mail: mail, notify: notify, render: render,
		vatRate: defaultVATRate,
	}
}

// defaultVATRate applies reverse charge to business clients with a VAT
// number and the standard rate (in basis points) to everyone else.
func defaultVATRate(c *domain.Client) int {
	if c.VATNumber != "" {
		return 0
	}
	return 2100
}

func (s *invoiceService) Generate(ctx context.Context, jobID string) error {
	job, err := s.jobs.Get(ctx, jobID)
	if err != nil {
		return err
	}
	if job.InvoicedAt != nil {
		return nil
	}
	payment, err := s.payments.FindOne(ctx, "job_id = ? AND status = ?", job.ID, domain.PaymentCaptured)
	if err != nil {
		return fmt.Errorf("job %s has no captured payment: %w", job.ID, err)
	}
	client, err := s.accounts.Client(ctx, job.ClientID)
	if err != nil {
		return err
	}

	now := time.Now().UTC()
	vat := payment.AmountCents * int64(s.vatRate(client)) / 10000
	inv := domain.Invoice{
		ID:         "inv_" + platform.NewID(),
		JobID:      job.ID,
		ClientID:   client.ID,
		NetCents:   payment.AmountCents,
		VATCents:   vat,
		TotalCents: payment.AmountCents + vat,
		Currency:   payment.Currency,
		Status:     "draft",
		IssuedAt:   now,
		CreatedAt:  now,
	}
	err = platform.InTx(ctx, s.db, func(ctx context.Context) error {
		number, err := s.invoices.NextNumber(ctx, now.Year())
		if err != nil {
			return err
		}
		inv.Number = number
		return s.invoices.Create(ctx, &inv)
	})
	if err != nil {
		return err
	}

	pdf, err := s.render.Render(&inv, job, client)
	if err != nil {
		return err
	}
	key := fmt.Sprintf("invoices/%d/%s.pdf", now.Year(), inv.Number)
	if err := s.files.Put(ctx, key, "application/pdf", pdf); err != nil {
		return err
	}
	err = platform.InTx(ctx, s.db, func(ctx context.Context) error {
		if _, err := s.invoices.Update(ctx, map[string]any{"pdf_key": key, "status": "issued"}, "id = ?", inv.ID); err != nil {
			return err
		}
		_, err := s.jobs.Update(ctx, map[string]any{"invoiced_at": now, "updated_at": now}, "id = ?", job.ID)
		return err
	})
	if err != nil {
		return err
	}
	return s.notify.Email(ctx, tasks.NotifyEmail{
		Key:      "invoice-issued:" + inv.ID,
		To:       client.Email,
		Template: "invoice_issued",
		Data:     map[string]string{"number": inv.Number, "job_title": job.Title},
		Attachments: []tasks.Attachment{{
			Name: inv.Number + ".pdf", ContentType: "application/pdf", ObjectKey: key,
		}},
	})
}

func (s *invoiceService) Send(ctx context.Context, clientID uuid.UUID, invoiceID string) error {
	inv, err := s.invoices.Get(ctx, invoiceID)
	if err != nil {
		return err
	}
	if inv.ClientID != clientID {
		return platform.ErrNotFound
	}
	if inv.PDFKey == "" {
		return fmt.Errorf("invoice not issued yet: %w", platform.ErrConflict)
	}
	client, err := s.accounts.Client(ctx, clientID)
	if err != nil {
		return err
	}
	_, err = s.mail.Send(ctx, mailer.Email{
		To:       client.Email,
		Template: "invoice_copy",
		Data:     map[string]string{"number": inv.Number},
		Attachments: []mailer.Attachment{{
			Name: inv.Number + ".pdf", ContentType: "application/pdf", URL: s.files.PublicURL(inv.PDFKey),
		}},
		IdempotencyKey: "invoice-copy:" + inv.ID,
	})
	if err != nil {
		return err
	}
	_, err = s.invoices.Update(ctx, map[string]any{"sent_at": time.Now().UTC()}, "id = ?", inv.ID)
	return err
}

func (s *invoiceService) Get(ctx context.Context, id string) (*domain.Invoice, error) {
	return s.invoices.Get(ctx, id)
}

// TextRenderer is a minimal renderer used until the PDF templates ship; it
// writes a plain-text document with a PDF content type.
type TextRenderer struct {
	Seller string
}

// Render implements Renderer.
func (r TextRenderer) Render(inv *domain.Invoice, job *domain.Job, client *domain.Client) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\nINVOICE %s\nIssued: %s\n\n", r.Seller, inv.Number, inv.IssuedAt.Format("2006-01-02"))
	fmt.Fprintf(&b, "Bill to: %s\n%s\n%s\nVAT: %s\n\n", client.Name, client.CompanyName, client.BillingAddress, client.VATNumber)
	fmt.Fprintf(&b, "Translation %s -> %s, %d words: %s\n", job.SourceLang, job.TargetLang, job.WordCount, job.Title)
	fmt.Fprintf(&b, "Net: %.2f %s\nVAT: %.2f %s\nTotal: %.2f %s\n",
		float64(inv.NetCents)/100, inv.Currency,
		float64(inv.VATCents)/100, inv.Currency,
		float64(inv.TotalCents)/100, inv.Currency)
	return b.Bytes(), nil
}
