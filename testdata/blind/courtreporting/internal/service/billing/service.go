// Package billing implements service.Billing: invoices, card payments and
// the Stripe webhook.
package billing

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/stenoline-legal/depobook/internal/config"
	"github.com/stenoline-legal/depobook/internal/domain"
	"github.com/stenoline-legal/depobook/internal/platform/dbx"
	"github.com/stenoline-legal/depobook/internal/platform/ids"
	"github.com/stenoline-legal/depobook/internal/provider/mailer"
	"github.com/stenoline-legal/depobook/internal/provider/stripepay"
	"github.com/stenoline-legal/depobook/internal/repository"
	"github.com/stenoline-legal/depobook/internal/service"
)

type Params struct {
	fx.In

	Tx          dbx.Tx
	Config      config.Config
	Firms       repository.Firms
	Bookings    repository.Bookings
	Charges     repository.Charges
	Transcripts repository.Transcripts
	Invoices    repository.Invoices
	Payments    repository.Payments
	Events      repository.StripeEvents
	Cards       service.CardProcessor
	Mailer      service.Mailer
	Clock       service.Clock
	Log         *zap.Logger
}

type Service struct {
	tx          dbx.Tx
	firms       repository.Firms
	bookings    repository.Bookings
	charges     repository.Charges
	transcripts repository.Transcripts
	invoices    repository.Invoices
	payments    repository.Payments
	events      repository.StripeEvents
	cards       service.CardProcessor
	mailer      service.Mailer
	now         service.Clock
	log         *zap.Logger
	dueDays     int

	stripeHandlers map[string]stripeHandler
}

var _ service.Billing = (*Service)(nil)

func New(p Params) *Service {
	s := &Service{
		tx:          p.Tx,
		firms:       p.Firms,
		bookings:    p.Bookings,
		charges:     p.Charges,
		transcripts: p.Transcripts,
		invoices:    p.Invoices,
		payments:    p.Payments,
		events:      p.Events,
		cards:       p.Cards,
		mailer:      p.Mailer,
		now:         p.Clock,
		log:         p.Log.Named("billing"),
		dueDays:     p.Config.Worker.InvoiceDueInDays,
	}
	s.stripeHandlers = s.registerStripeHandlers()
	return s
}

// PayInvoice charges the firm's card for the open balance.
func (s *Service) PayInvoice(ctx context.Context, in service.PayInvoiceInput) (*service.PaymentResult, error) {
	inv, err := s.invoices.Get(ctx, in.InvoiceID)
	if err != nil {
		return nil, err
	}
	if inv.FirmID != in.FirmID {
		return nil, domain.ErrNotFound
	}
	if inv.Status != domain.InvoiceOpen || inv.Balance() <= 0 {
		return nil, fmt.Errorf("%w: invoice %s is %s", domain.ErrNotPayable, inv.Number, inv.Status)
	}
	firm, err := s.firms.Get(ctx, inv.FirmID)
	if err != nil {
		return nil, err
	}
	pm := in.PaymentMethodID
	if pm == "" {
		pm = firm.DefaultPaymentMethod
	}
	if pm == "" || firm.StripeCustomerID == "" {
		return nil, fmt.Errorf("%w: no card on file", domain.ErrValidation)
	}

	res, err := s.cards.Charge(ctx, stripepay.ChargeRequest{
		AmountCents:     inv.Balance(),
		CustomerID:      firm.StripeCustomerID,
		PaymentMethodID: pm,
		Description:     "Stenoline invoice " + inv.Number,
		Metadata:        map[string]string{"invoice_id": inv.ID, "source": "card_api"},
		IdempotencyKey:  in.ChargeRef,
	})
	if err != nil {
		return nil, err
	}

	status := string(inv.Status)
	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		inserted, err := s.payments.Record(ctx, &domain.Payment{
			ID:                    ids.New("pay"),
			InvoiceID:             inv.ID,
			StripePaymentIntentID: res.PaymentIntentID,
			AmountCents:           res.AmountCents,
			Status:                res.Status,
			Source:                "card_api",
		})
		if err != nil || !inserted {
			return err
		}
		if err := s.invoices.ApplyPayment(ctx, inv.ID, res.AmountCents, s.now()); err != nil {
			return err
		}
		status = string(domain.InvoicePaid)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("record payment %s: %w", res.PaymentIntentID, err)
	}
	return &service.PaymentResult{
		InvoiceID:       inv.ID,
		PaymentIntentID: res.PaymentIntentID,
		AmountCents:     res.AmountCents,
		InvoiceStatus:   status,
	}, nil
}

// GenerateInvoice bills the firm once the transcript is delivered. Runs
// as the invoice:generate task.
func (s *Service) GenerateInvoice(ctx context.Context, bookingID string) error {
	if _, err := s.invoices.GetByBooking(ctx, bookingID); err == nil {
		return nil
	} else if !errors.Is(err, domain.ErrNotFound) {
		return err
	}

	b, err := s.bookings.Get(ctx, bookingID)
	if err != nil {
		return err
	}
	t, err := s.transcripts.GetByBooking(ctx, bookingID)
	if err != nil {
		return err
	}
	firm, err := s.firms.Get(ctx, b.FirmID)
	if err != nil {
		return err
	}
	charges, err := s.charges.ListForBooking(ctx, bookingID)
	if err != nil {
		return err
	}

	now := s.now()
	inv := &domain.Invoice{
		ID:         ids.New("inv"),
		BookingID:  b.ID,
		FirmID:     b.FirmID,
		Number:     domain.InvoiceNumber(now, b.ID),
		Status:     domain.InvoiceOpen,
		TotalCents: domain.InvoiceTotal(t.Pages, b.ExpectedHours, charges),
		IssuedAt:   now,
		DueAt:      now.AddDate(0, 0, s.dueDays),
	}

	if _, err := s.mailer.Send(ctx, invoiceEmail(firm, b, inv, charges)); err != nil {
		return fmt.Errorf("email invoice %s: %w", inv.Number, err)
	}
	created, err := s.invoices.Create(ctx, inv)
	if err != nil {
		return fmt.Errorf("store invoice %s: %w", inv.Number, err)
	}
	if !created {
		s.log.Warn("booking already invoiced", zap.String("booking_id", b.ID))
	}
	return nil
}

func invoiceEmail(firm *domain.Firm, b *domain.Booking, inv *domain.Invoice, charges []domain.BookingCharge) mailer.Email {
	var lines strings.Builder
	for _, c := range charges {
		fmt.Fprintf(&lines, "  %-40s $%d.%02d\n", c.Description, c.AmountCents/100, c.AmountCents%100)
	}
	return mailer.Email{
		To:      []string{firm.BillingEmail},
		Subject: fmt.Sprintf("Invoice %s: deposition of %s", inv.Number, b.Deponent),
		Text: fmt.Sprintf("Invoice %s\nMatter: %s\n\n%sTotal due: $%d.%02d by %s\n",
			inv.Number, b.CaseCaption, lines.String(),
			inv.TotalCents/100, inv.TotalCents%100, inv.DueAt.Format("Jan 2, 2006")),
		Tags: []string{"invoice"},
		Attachments: []mailer.Attachment{{
			Filename: inv.Number + ".pdf",
			URL:      "https://billing.stenoline.example/invoices/" + inv.ID + ".pdf",
		}},
	}
}
