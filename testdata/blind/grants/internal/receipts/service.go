// Package receipts sends donor e-mails: thank-you notes and annual tax
// receipts.
package receipts

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/civicfund/grants/internal/domain"
	"github.com/civicfund/grants/internal/platform/ids"
	"github.com/civicfund/grants/internal/ports"
	"github.com/civicfund/grants/internal/repo"
	"github.com/civicfund/grants/internal/service"
)

// Templates known to the e-mail provider.
const (
	templateThankYou   = "donation-thank-you"
	templateTaxReceipt = "annual-tax-receipt"
)

// Service implements service.ReceiptService.
type Service struct {
	Donors      repo.Donors
	TaxReceipts repo.TaxReceipts
	EmailOutbox repo.EmailOutbox
	Mailer      ports.Mailer
	Publisher   ports.Publisher
	Now         func() time.Time
	Log         *slog.Logger
}

var _ service.ReceiptService = (*Service)(nil)

// RequestAnnualReceipt queues a tax receipt e-mail for the donor. Donors can
// ask for their receipt as many times as they like; each request is e-mailed.
func (s *Service) RequestAnnualReceipt(ctx context.Context, donorID string, year int) error {
	if year < 2000 || year > s.Now().Year() {
		return fmt.Errorf("%w: tax year %d", service.ErrValidation, year)
	}
	if _, err := s.Donors.Get(ctx, donorID); err != nil {
		return err
	}
	body, err := json.Marshal(service.ReceiptRequested{DonorID: donorID, TaxYear: year, RequestedAt: s.Now().UTC()})
	if err != nil {
		return err
	}
	msgID, err := s.Publisher.Publish(ctx, ports.QueueMessage{
		EventType: service.EventReceiptRequested,
		GroupID:   "donor-" + donorID,
		DedupID:   ids.Short(),
		Body:      body,
	})
	if err != nil {
		return err
	}
	s.Log.InfoContext(ctx, "receipt requested", "donor_id", donorID, "year", year, "sqs_message_id", msgID)
	return nil
}

// SendAnnualReceipt e-mails the receipt and records it.
func (s *Service) SendAnnualReceipt(ctx context.Context, ev service.ReceiptRequested) error {
	donor, err := s.Donors.Get(ctx, ev.DonorID)
	if err != nil {
		return err
	}
	if donor.EmailStatus == "bounced" {
		s.Log.WarnContext(ctx, "not sending receipt to bounced address", "donor_id", donor.ID)
		return nil
	}

	messageID := ids.K()
	err = s.Mailer.Send(ctx, ports.Email{
		MessageID: messageID,
		To:        donor.Email,
		Template:  templateTaxReceipt,
		Vars: map[string]any{
			"name":     donor.Name,
			"tax_year": ev.TaxYear,
		},
	})
	if err != nil {
		return err
	}
	if err := s.TaxReceipts.Upsert(ctx, donor.ID, ev.TaxYear, messageID); err != nil {
		return err
	}
	return s.Donors.SetLastReceiptYear(ctx, donor.ID, ev.TaxYear)
}

// SendThankYou e-mails a thank-you note once per donation. The outbox row is
// written before the provider call and its key doubles as the provider's
// message_id.
func (s *Service) SendThankYou(ctx context.Context, ev service.DonationSucceeded) error {
	if ev.DonorEmail == "" {
		return nil
	}
	row, err := s.EmailOutbox.Ensure(ctx, domain.EmailOutboxRow{
		ID:         ids.Sortable(),
		MessageKey: "thanks:" + ev.DonationID,
		ToEmail:    ev.DonorEmail,
		Template:   templateThankYou,
	})
	if err != nil {
		return err
	}
	if row.Status == "sent" {
		return nil
	}
	if err := s.Mailer.Send(ctx, ports.Email{
		MessageID: row.MessageKey,
		To:        row.ToEmail,
		Template:  row.Template,
		Vars: map[string]any{
			"name":     ev.DonorName,
			"amount":   ev.AmountCents,
			"currency": ev.Currency,
		},
	}); err != nil {
		return err
	}
	return s.EmailOutbox.MarkSent(ctx, row.MessageKey)
}
