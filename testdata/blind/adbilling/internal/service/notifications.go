package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/brightlane/adbilling/internal/config"
	"github.com/brightlane/adbilling/internal/domain"
	"github.com/brightlane/adbilling/internal/events"
	"github.com/brightlane/adbilling/internal/providers/email"
	"github.com/brightlane/adbilling/internal/queue"
	"github.com/brightlane/adbilling/internal/repository"
)

// Mailer sends the billing emails: top-up receipts, invoices and credit
// notes.
type Mailer struct {
	sender        email.Sender
	advertisers   repository.Advertisers
	topups        repository.TopUps
	invoices      repository.Invoices
	creditNotes   repository.CreditNotes
	notifications repository.Notifications
	bcc           string
	portalURL     string
	log           *slog.Logger
	now           func() time.Time
}

func NewMailer(
	sender email.Sender,
	advertisers repository.Advertisers,
	topups repository.TopUps,
	invoices repository.Invoices,
	creditNotes repository.CreditNotes,
	notifications repository.Notifications,
	cfg *config.Config,
	log *slog.Logger,
) *Mailer {
	return &Mailer{
		sender: sender, advertisers: advertisers, topups: topups, invoices: invoices,
		creditNotes: creditNotes, notifications: notifications,
		bcc: cfg.InvoiceBCC, portalURL: strings.TrimRight(cfg.PortalBaseURL, "/"),
		log: log.With("service", "mailer"), now: time.Now,
	}
}

// SendTopUpReceipt emails a receipt for a successful top-up.
func (m *Mailer) SendTopUpReceipt(ctx context.Context, evt events.TopUpSucceeded) error {
	tu, err := m.topups.Get(ctx, evt.TopUpID)
	if err != nil {
		return err
	}
	if tu.ReceiptMessageID != "" {
		return nil
	}
	adv, err := m.advertisers.Get(ctx, tu.AdvertiserID)
	if err != nil {
		return err
	}
	body := fmt.Sprintf(
		"Hello %s,\n\nWe received %s %s for your Brightlane Ads prepaid balance (%s).\n"+
			"Reference: %s\n\nView your balance: %s/billing\n",
		adv.Name, tu.Amount.String(), tu.Currency, methodLabel(tu.Method), tu.ID, m.portalURL)
	res, err := m.sender.Send(ctx, email.Message{
		To:       adv.BillingEmail,
		Subject:  "Payment received — " + tu.Amount.String() + " " + tu.Currency,
		TextBody: body,
		Tags:     map[string]string{"kind": "topup_receipt", "topup_id": tu.ID},
	})
	if err != nil {
		return fmt.Errorf("send receipt %s: %w", tu.ID, err)
	}
	return m.topups.SetReceiptSent(ctx, tu.ID, res.MessageID)
}

func methodLabel(m domain.TopUpMethod) string {
	switch m {
	case domain.TopUpBankTransfer:
		return "bank transfer"
	case domain.TopUpAutoRecharge:
		return "automatic recharge"
	default:
		return "card"
	}
}

// SendCreditNote emails a credit note PDF. The notification is claimed
// before sending; a failed send is left for finance to follow up.
func (m *Mailer) SendCreditNote(ctx context.Context, evt events.CreditNoteIssued) error {
	const kind = "credit_note_email"
	claimed, err := m.notifications.Claim(ctx, kind, evt.CreditNoteID)
	if err != nil {
		return err
	}
	if !claimed {
		return nil
	}
	cn, err := m.creditNotes.Get(ctx, evt.CreditNoteID)
	if err != nil {
		return err
	}
	adv, err := m.advertisers.Get(ctx, cn.AdvertiserID)
	if err != nil {
		return err
	}
	inv, err := m.invoices.Get(ctx, cn.InvoiceID)
	if err != nil {
		return err
	}
	res, err := m.sender.Send(ctx, email.Message{
		To:       adv.BillingEmail,
		BCC:      m.bcc,
		Subject:  "Credit note for invoice " + inv.Number,
		TextBody: fmt.Sprintf("A credit of %s %s has been issued against invoice %s.\nReason: %s\n", cn.Amount.String(), cn.Currency, inv.Number, cn.Reason),
		Attachments: []email.Attachment{{
			Filename: "credit-note-" + cn.ID + ".pdf", ContentType: "application/pdf",
			Content: RenderCreditNotePDF(cn, adv, inv.Number),
		}},
		Tags: map[string]string{"kind": kind, "credit_note_id": cn.ID},
	})
	if err != nil {
		m.log.Error("credit note email failed", "credit_note_id", cn.ID, "err", err)
		return m.notifications.MarkFailed(ctx, kind, cn.ID, err.Error())
	}
	return m.notifications.MarkSent(ctx, kind, cn.ID, res.MessageID)
}

// DispatchInvoice emails an invoice for a dispatch request from the queue.
func (m *Mailer) DispatchInvoice(ctx context.Context, d queue.Dispatch) error {
	done, err := m.invoices.DispatchExists(ctx, d.DispatchID)
	if err != nil {
		return err
	}
	if done {
		return nil
	}
	inv, err := m.invoices.Get(ctx, d.InvoiceID)
	if errors.Is(err, domain.ErrNotFound) {
		m.log.Warn("dispatch for unknown invoice", "invoice_id", d.InvoiceID)
		return nil
	}
	if err != nil {
		return err
	}
	if inv.Status == domain.InvoiceVoid {
		return nil
	}
	adv, err := m.advertisers.Get(ctx, inv.AdvertiserID)
	if err != nil {
		return err
	}
	to := d.Recipient
	if to == "" {
		to = adv.BillingEmail
	}
	res, err := m.sender.Send(ctx, email.Message{
		To:      to,
		BCC:     m.bcc,
		Subject: fmt.Sprintf("Your Brightlane Ads invoice %s (%s)", inv.Number, inv.Period),
		TextBody: fmt.Sprintf("Hello %s,\n\nAttached is invoice %s for %s, total %s %s.\n\n%s/billing/invoices/%s\n",
			adv.Name, inv.Number, inv.Period, inv.Total.String(), inv.Currency, m.portalURL, inv.ID),
		Attachments: []email.Attachment{{
			Filename: inv.Number + ".pdf", ContentType: "application/pdf",
			Content: RenderInvoicePDF(inv, adv),
		}},
		Tags: map[string]string{"kind": "invoice", "invoice_id": inv.ID, "dispatch_id": d.DispatchID},
	})
	if err != nil {
		return fmt.Errorf("email invoice %s: %w", inv.Number, err)
	}
	if err := m.invoices.InsertDispatch(ctx, domain.InvoiceDispatch{
		DispatchID: d.DispatchID, InvoiceID: inv.ID, Recipient: to, ProviderMessageID: res.MessageID,
	}); err != nil {
		return err
	}
	return m.invoices.MarkEmailed(ctx, inv.ID, m.now().UTC())
}
