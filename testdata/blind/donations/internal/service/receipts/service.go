// Package receipts emails donation receipts and annual giving statements.
package receipts

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"
	"go.uber.org/zap"

	"github.com/kindredgive/donations/internal/domain"
	"github.com/kindredgive/donations/internal/platform/idgen"
	"github.com/kindredgive/donations/internal/providers/mailer"
	"github.com/kindredgive/donations/internal/repository"
	"github.com/kindredgive/donations/internal/service/giftaid"
)

// Email templates at the provider.
const (
	TemplateGiftReceipt     = "tpl_gift_receipt_v4"
	TemplateAnnualStatement = "tpl_annual_statement_v2"
)

// Service sends receipts.
type Service interface {
	SendDonationReceipt(ctx context.Context, ev domain.DonationEvent) error
	SendAnnualStatement(ctx context.Context, donorID, taxYear string) error
}

type service struct {
	tx        repository.Transactor
	receipts  repository.ReceiptRepo
	donors    repository.DonorRepo
	charities repository.CharityRepo
	donations repository.DonationRepo
	mail      mailer.Client
	log       *zap.Logger
}

// New builds the receipts service.
func New(tx repository.Transactor, receipts repository.ReceiptRepo, donors repository.DonorRepo,
	charities repository.CharityRepo, donations repository.DonationRepo, mail mailer.Client, log *zap.Logger) Service {
	return &service{tx: tx, receipts: receipts, donors: donors, charities: charities, donations: donations, mail: mail, log: log.Named("receipts")}
}

func (s *service) SendDonationReceipt(ctx context.Context, ev domain.DonationEvent) error {
	var rc *domain.Receipt
	err := s.tx.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		repo := s.receipts.WithTx(tx)
		n, err := repo.NextNumber(ctx)
		if err != nil {
			return err
		}
		rc, err = repo.Ensure(ctx, &domain.Receipt{
			DonationID:    ev.DonationID,
			ReceiptNumber: fmt.Sprintf("KG-%09d", n),
			MessageRef:    idgen.Derive("receipt", ev.DonationID),
		})
		return err
	})
	if err != nil {
		return fmt.Errorf("ensure receipt: %w", err)
	}
	if rc.EmailedAt != nil {
		return nil
	}

	donor, err := s.donors.Get(ctx, ev.DonorID)
	if err != nil {
		return err
	}
	if donor.EmailStatus != "ok" {
		s.log.Info("not emailing receipt to suppressed address", zap.String("donor_id", donor.ID))
		return nil
	}
	charity, err := s.charities.Get(ctx, ev.CharityID)
	if err != nil {
		return err
	}

	msg := mailer.NewMessage(
		mailer.Address{Email: donor.Email, Name: donor.FullName()},
		TemplateGiftReceipt,
		mailer.WithRef(rc.MessageRef),
		mailer.WithVars(map[string]any{
			"first_name":     donor.FirstName,
			"charity_name":   charity.Name,
			"charity_number": charity.RegistrationNumber,
			"amount":         formatPence(ev.AmountPence, ev.Currency),
			"receipt_number": rc.ReceiptNumber,
			"gift_aid":       ev.GiftAid,
		}),
		mailer.WithTags("receipt"),
	)
	if _, err := s.mail.Send(ctx, msg); err != nil {
		return fmt.Errorf("send receipt %s: %w", rc.ReceiptNumber, err)
	}
	return s.receipts.MarkEmailed(ctx, rc.ID, time.Now().UTC())
}

func (s *service) SendAnnualStatement(ctx context.Context, donorID, taxYear string) error {
	from, to, err := giftaid.TaxYearBounds(taxYear)
	if err != nil {
		return err
	}
	donor, err := s.donors.Get(ctx, donorID)
	if err != nil {
		return err
	}
	gifts, err := s.donations.ListSucceededForDonor(ctx, donorID, from, to)
	if err != nil {
		return err
	}
	if len(gifts) == 0 || donor.EmailStatus != "ok" {
		return nil
	}

	var total, giftAid int64
	lines := make([]map[string]any, 0, len(gifts))
	for _, g := range gifts {
		total += g.AmountPence
		if g.GiftAidEligible {
			giftAid += g.AmountPence * giftaid.BasicRateNumerator / giftaid.BasicRateDenominator
		}
		lines = append(lines, map[string]any{
			"date":   g.CreatedAt.Format("02 Jan 2006"),
			"amount": formatPence(g.AmountPence, g.Currency),
		})
	}

	msg := mailer.NewMessage(
		mailer.Address{Email: donor.Email, Name: donor.FullName()},
		TemplateAnnualStatement,
		mailer.WithSubject("Your giving in tax year "+taxYear),
		mailer.WithVars(map[string]any{
			"first_name":     donor.FirstName,
			"tax_year":       taxYear,
			"gifts":          lines,
			"total":          formatPence(total, "GBP"),
			"gift_aid_total": formatPence(giftAid, "GBP"),
		}),
		mailer.WithTags("annual-statement", taxYear),
	)
	res, err := s.mail.Send(ctx, msg)
	if err != nil {
		return fmt.Errorf("send statement %s/%s: %w", donorID, taxYear, err)
	}
	s.log.Info("annual statement sent", zap.String("donor_id", donorID), zap.String("provider_id", res.ID))
	return nil
}

func formatPence(p int64, currency string) string {
	sym := "£"
	switch currency {
	case "EUR":
		sym = "€"
	case "USD":
		sym = "$"
	}
	sign := ""
	if p < 0 {
		sign, p = "-", -p
	}
	return fmt.Sprintf("%s%s%d.%02d", sign, sym, p/100, p%100)
}
