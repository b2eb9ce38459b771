// Package remittance e-mails remittance advice to suppliers once a payment
// has settled.
package remittance

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/northwind/payables/internal/domain"
	"github.com/northwind/payables/internal/provider/mailer"
	"github.com/northwind/payables/internal/repo"
)

// DispatchResult summarises a sweep.
type DispatchResult struct {
	Candidates int `json:"candidates"`
	Sent       int `json:"sent"`
	Failed     int `json:"failed"`
}

// Service sends remittance advice.
type Service interface {
	// SendForPayment sends the advice for one settled payment.
	SendForPayment(ctx context.Context, paymentID string) error
	// DispatchPending sweeps settled payments that have no advice yet.
	DispatchPending(ctx context.Context, limit int) (DispatchResult, error)
}

// Deps are the collaborators of the remittance service.
type Deps struct {
	Log           *slog.Logger
	Payments      repo.PaymentRepo
	Invoices      repo.InvoiceRepo
	Suppliers     repo.SupplierRepo
	Tenants       repo.TenantRepo
	Notifications repo.NotificationRepo
	Mail          mailer.Sender
	From          string
	Clock         func() time.Time
}

type service struct{ Deps }

// New returns the remittance Service.
func New(d Deps) Service {
	if d.Clock == nil {
		d.Clock = time.Now
	}
	return &service{d}
}

type adviceData struct {
	SupplierName  string
	PayerName     string
	InvoiceNumber string
	Currency      string
	Amount        string
	Reference     string
}

func formatMinor(minor int64) string {
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	frac := minor % 100
	s := strconv.FormatInt(minor/100, 10) + "."
	if frac < 10 {
		s += "0"
	}
	return sign + s + strconv.FormatInt(frac, 10)
}

func (s *service) compose(ctx context.Context, p domain.Payment) (mailer.Message, error) {
	inv, err := s.Invoices.Get(ctx, p.TenantID, p.InvoiceID)
	if err != nil {
		return mailer.Message{}, fmt.Errorf("invoice %s: %w", p.InvoiceID, err)
	}
	sup, err := s.Suppliers.Get(ctx, p.TenantID, p.SupplierID)
	if err != nil {
		return mailer.Message{}, fmt.Errorf("supplier %s: %w", p.SupplierID, err)
	}
	tenant, err := s.Tenants.Get(ctx, p.TenantID)
	if err != nil {
		return mailer.Message{}, err
	}
	msg, err := mailer.Render(mailer.TplRemittance, s.From, []string{sup.Email}, adviceData{
		SupplierName:  sup.Name,
		PayerName:     tenant.Name,
		InvoiceNumber: inv.Number,
		Currency:      p.Currency,
		Amount:        formatMinor(p.AmountMinor),
		Reference:     p.ProviderRef,
	})
	if err != nil {
		return mailer.Message{}, err
	}
	msg.Tags["payment_id"] = p.ID
	return msg, nil
}

// SendForPayment reserves the advice (one per payment) before sending it,
// so a redelivered request never e-mails the supplier twice.
func (s *service) SendForPayment(ctx context.Context, paymentID string) error {
	p, err := s.Payments.Get(ctx, paymentID)
	if err != nil {
		return fmt.Errorf("payment %s: %w", paymentID, err)
	}
	if p.Status != domain.PaymentSettled {
		s.Log.InfoContext(ctx, "remittance requested for unsettled payment", "payment_id", p.ID, "status", p.Status)
		return nil
	}
	msg, err := s.compose(ctx, p)
	if err != nil {
		return err
	}
	claimed, err := s.Notifications.ClaimRemittance(ctx, p.ID, msg.To[0])
	if err != nil {
		return err
	}
	if !claimed {
		status, _ := s.Notifications.RemittanceStatus(ctx, p.ID)
		if status != "sent" {
			s.Log.WarnContext(ctx, "remittance claimed by an earlier attempt and not confirmed; needs review",
				"payment_id", p.ID, "status", status)
		}
		return nil
	}
	mid, err := s.Mail.Send(ctx, msg)
	if err != nil {
		return fmt.Errorf("send remittance for %s: %w", p.ID, err)
	}
	return s.Notifications.MarkRemittanceSent(ctx, p.ID, mid, s.Clock().UTC())
}

// DispatchPending e-mails advice for settled payments that have none yet.
func (s *service) DispatchPending(ctx context.Context, limit int) (DispatchResult, error) {
	if limit <= 0 {
		limit = 200
	}
	pays, err := s.Payments.ListSettledWithoutRemittance(ctx, uint64(limit))
	if err != nil {
		return DispatchResult{}, err
	}
	res := DispatchResult{Candidates: len(pays)}
	var errs []error
	for _, p := range pays {
		msg, err := s.compose(ctx, p)
		if err != nil {
			res.Failed++
			errs = append(errs, err)
			continue
		}
		mid, err := s.Mail.Send(ctx, msg)
		if err != nil {
			res.Failed++
			errs = append(errs, fmt.Errorf("payment %s: %w", p.ID, err))
			continue
		}
		if err := s.Notifications.MarkRemittanceSent(ctx, p.ID, mid, s.Clock().UTC()); err != nil {
			return res, fmt.Errorf("record remittance for %s: %w", p.ID, err)
		}
		res.Sent++
	}
	return res, errors.Join(errs...)
}
