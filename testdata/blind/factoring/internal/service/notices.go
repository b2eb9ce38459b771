package service

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"

	"github.com/google/uuid"
	"github.com/rs/xid"

	"github.com/kestrelfin/factoring/internal/domain"
	"github.com/kestrelfin/factoring/internal/events"
	"github.com/kestrelfin/factoring/internal/notify"
	"github.com/kestrelfin/factoring/internal/provider/postal"
	"github.com/kestrelfin/factoring/internal/repo"
)

// Notices sends notices of assignment and reminders to debtors.
type Notices interface {
	SendAssignmentNow(ctx context.Context, invoiceID uuid.UUID) (*domain.Notice, error)
	SendPost(ctx context.Context, noticeID uuid.UUID) error
	SendEmail(ctx context.Context, invoiceID uuid.UUID, kind string) error
	RemindOverdue(ctx context.Context, ev events.InvoiceOverdue) error
}

type NoticeService struct {
	store    repo.Store
	letters  LetterSender
	notifier notify.Notifier
	clock    Clock
	log      *slog.Logger

	assignmentTemplate string
	portalBaseURL      string
}

func NewNoticeService(store repo.Store, letters LetterSender, notifier notify.Notifier, clock Clock, log *slog.Logger) *NoticeService {
	return &NoticeService{
		store: store, letters: letters, notifier: notifier, clock: clock,
		log:                log.With("svc", "notices"),
		assignmentTemplate: "ltr_notice_of_assignment_v3",
		portalBaseURL:      "https://pay.kestrel-finance.example/i/",
	}
}

type noticeContext struct {
	invoice *domain.Invoice
	debtor  *domain.Debtor
}

func (s *NoticeService) load(ctx context.Context, invoiceID uuid.UUID) (*noticeContext, error) {
	inv, err := s.store.Invoices().Get(ctx, invoiceID)
	if err != nil {
		return nil, err
	}
	d, err := s.store.Debtors().Get(ctx, inv.DebtorID)
	if err != nil {
		return nil, err
	}
	return &noticeContext{invoice: inv, debtor: d}, nil
}

func (s *NoticeService) letterFor(nc *noticeContext, reference string) postal.LetterRequest {
	return postal.LetterRequest{
		ClientReference: reference,
		To: postal.Address{
			Name:     nc.debtor.LegalName,
			Line1:    nc.debtor.AddressLine1,
			Line2:    nc.debtor.AddressLine2,
			City:     nc.debtor.City,
			Postcode: nc.debtor.Postcode,
			Country:  nc.debtor.Country,
		},
		TemplateID: s.assignmentTemplate,
		MergeFields: map[string]string{
			"invoice_number": nc.invoice.InvoiceNumber,
			"amount":         formatMinor(nc.invoice.FaceValueMinor, nc.invoice.Currency),
			"due_date":       nc.invoice.DueDate.Format("2 January 2006"),
			"pay_url":        s.portalBaseURL + nc.invoice.ConfirmToken,
		},
		PostageClass: "first",
	}
}

// SendAssignmentNow posts the notice of assignment immediately instead of
// waiting for the worker queue. Operations use it when a debtor's payment
// run is imminent.
func (s *NoticeService) SendAssignmentNow(ctx context.Context, invoiceID uuid.UUID) (*domain.Notice, error) {
	nc, err := s.load(ctx, invoiceID)
	if err != nil {
		return nil, err
	}
	if nc.debtor.AddressLine1 == "" || nc.debtor.Postcode == "" {
		return nil, fmt.Errorf("%w: debtor has no postal address", ErrValidation)
	}
	n, err := s.store.Notices().CreateIfAbsent(ctx, &domain.Notice{
		ID:        uuid.New(),
		InvoiceID: nc.invoice.ID,
		DebtorID:  nc.debtor.ID,
		Kind:      domain.NoticeAssignment,
		Channel:   domain.ChannelPost,
		Status:    domain.NoticePending,
		CreatedAt: s.clock.Now(),
	})
	if err != nil {
		return nil, err
	}
	if n.Status == domain.NoticeSent {
		return n, nil
	}
	letter, err := s.letters.SendLetter(ctx, s.letterFor(nc, xid.New().String()))
	if err != nil {
		return nil, err
	}
	now := s.clock.Now()
	if err := s.store.Notices().MarkSent(ctx, n.ID, letter.ID, now); err != nil {
		return nil, err
	}
	n.Status, n.ProviderRef, n.SentAt = domain.NoticeSent, letter.ID, &now
	return n, nil
}

// SendPost posts a queued notice letter.
func (s *NoticeService) SendPost(ctx context.Context, noticeID uuid.UUID) error {
	n, err := s.store.Notices().Get(ctx, noticeID)
	if err != nil {
		return err
	}
	if n.Status == domain.NoticeSent {
		return nil
	}
	nc, err := s.load(ctx, n.InvoiceID)
	if err != nil {
		return err
	}
	letter, err := s.letters.SendLetter(ctx, s.letterFor(nc, n.ID.String()))
	if err != nil {
		return err
	}
	return s.store.Notices().MarkSent(ctx, n.ID, letter.ID, s.clock.Now())
}

// SendEmail emails a notice to the debtor's billing address and records it.
func (s *NoticeService) SendEmail(ctx context.Context, invoiceID uuid.UUID, kind string) error {
	nc, err := s.load(ctx, invoiceID)
	if err != nil {
		return err
	}
	if nc.debtor.BillingEmail == "" {
		s.log.WarnContext(ctx, "debtor has no billing email", "debtor", nc.debtor.ID)
		return nil
	}
	ref, err := s.notifier.Send(ctx, notify.Email{
		To:       nc.debtor.BillingEmail,
		Template: kind + "_notice",
		Vars: map[string]string{
			"debtor_name":    nc.debtor.LegalName,
			"invoice_number": nc.invoice.InvoiceNumber,
			"amount":         formatMinor(nc.invoice.FaceValueMinor, nc.invoice.Currency),
			"pay_url":        s.portalBaseURL + nc.invoice.ConfirmToken,
		},
		Tags: []string{"notice", kind},
	})
	if err != nil {
		return err
	}
	now := s.clock.Now()
	n, err := s.store.Notices().CreateIfAbsent(ctx, &domain.Notice{
		ID:        uuid.New(),
		InvoiceID: nc.invoice.ID,
		DebtorID:  nc.debtor.ID,
		Kind:      kind,
		Channel:   domain.ChannelEmail,
		Status:    domain.NoticePending,
		CreatedAt: now,
	})
	if err != nil {
		return err
	}
	return s.store.Notices().MarkSent(ctx, n.ID, ref, now)
}

// RemindOverdue emails the debtor about an overdue invoice, at most once per
// invoice and day.
func (s *NoticeService) RemindOverdue(ctx context.Context, ev events.InvoiceOverdue) error {
	nc, err := s.load(ctx, ev.InvoiceID)
	if err != nil {
		return err
	}
	if nc.invoice.Status == domain.InvoiceSettled || nc.debtor.BillingEmail == "" {
		return nil
	}
	key := "overdue:" + ev.InvoiceID.String() + ":" + ev.AsOf
	claimed, err := s.store.Notifications().Claim(ctx, &domain.Notification{
		ID:        uuid.New(),
		DedupKey:  key,
		Channel:   domain.ChannelEmail,
		Recipient: nc.debtor.BillingEmail,
		Template:  "invoice_overdue",
		Status:    "claimed",
		CreatedAt: s.clock.Now(),
	})
	if err != nil || !claimed {
		return err
	}
	ref, err := s.notifier.Send(ctx, notify.Email{
		To:       nc.debtor.BillingEmail,
		Template: "invoice_overdue",
		Vars: map[string]string{
			"invoice_number": nc.invoice.InvoiceNumber,
			"outstanding":    formatMinor(nc.invoice.Outstanding(), nc.invoice.Currency),
			"days_overdue":   strconv.Itoa(ev.DaysOverdue),
			"pay_url":        s.portalBaseURL + nc.invoice.ConfirmToken,
		},
	})
	if err != nil {
		s.log.ErrorContext(ctx, "overdue reminder failed", "invoice", ev.InvoiceID, "err", err)
		return nil
	}
	return s.store.Notifications().MarkSent(ctx, key, ref)
}

func formatMinor(minor int64, currency string) string {
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	return fmt.Sprintf("%s%s %d.%02d", sign, currency, minor/100, minor%100)
}
