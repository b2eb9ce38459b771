package services

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/pawpath/vetclinic/internal/core/domain"
	"github.com/pawpath/vetclinic/internal/core/ports"
	"github.com/pawpath/vetclinic/internal/errs"
	"github.com/pawpath/vetclinic/internal/platform/ids"
)

// SettlementService pays each clinic its previous business day's card
// takings.
type SettlementService struct {
	tx          ports.TxRunner
	clinics     ports.ClinicRepository
	payments    ports.PaymentRepository
	settlements ports.SettlementRepository
	bank        ports.BankGateway
	log         *slog.Logger
	now         func() time.Time
}

func NewSettlementService(
	tx ports.TxRunner,
	clinics ports.ClinicRepository,
	payments ports.PaymentRepository,
	settlements ports.SettlementRepository,
	bank ports.BankGateway,
	settings Settings,
) *SettlementService {
	return &SettlementService{
		tx: tx, clinics: clinics, payments: payments, settlements: settlements, bank: bank,
		log: settings.logger(), now: settings.clock(),
	}
}

// RunNightly settles yesterday (in each clinic's own time zone) for every
// clinic. One clinic's failure does not stop the others.
func (s *SettlementService) RunNightly(ctx context.Context) error {
	const op errs.Op = "settlement.RunNightly"
	clinics, err := s.clinics.List(ctx)
	if err != nil {
		return errs.Wrap(op, err)
	}
	var failed []error
	for _, c := range clinics {
		local := s.now().In(c.Location())
		day := time.Date(local.Year(), local.Month(), local.Day()-1, 0, 0, 0, 0, time.UTC)
		if err := s.settleClinic(ctx, c, day); err != nil {
			s.log.ErrorContext(ctx, "settlement failed", "clinic", c.ID, "day", day.Format(time.DateOnly), "err", err)
			failed = append(failed, err)
		}
	}
	return errs.Wrap(op, errors.Join(failed...))
}

func (s *SettlementService) settleClinic(ctx context.Context, c domain.Clinic, day time.Time) error {
	var st domain.Settlement
	err := s.tx.WithTx(ctx, func(ctx context.Context) error {
		totals, err := s.payments.SettlementTotals(ctx, c.ID, day)
		if err != nil {
			return err
		}
		candidate := domain.Settlement{
			ID:           ids.New(),
			ClinicID:     c.ID,
			BusinessDate: day,
			AmountCents:  totals.AmountCents,
			Currency:     totals.Currency,
			PaymentCount: totals.PaymentCount,
			Status:       "pending",
		}
		st, err = s.settlements.Ensure(ctx, candidate)
		if err != nil {
			return err
		}
		if st.ID == candidate.ID {
			_, err = s.payments.MarkSettled(ctx, c.ID, day, st.ID)
		}
		return err
	})
	if err != nil {
		return err
	}
	if st.Status == "sent" || st.AmountCents <= 0 {
		return nil
	}
	res, err := s.bank.SendCredit(ctx, ports.BankTransfer{
		EndToEndID:  st.ID,
		AccountRef:  c.BankAccountRef,
		AmountCents: st.AmountCents,
		Currency:    st.Currency,
		Memo:        fmt.Sprintf("PawPath settlement %s %s", c.Name, day.Format(time.DateOnly)),
	})
	if err != nil {
		return err
	}
	return s.settlements.MarkSent(ctx, st.ID, res.TransferID, s.now())
}

// DunningService e-mails owners about overdue invoices, escalating by age.
type DunningService struct {
	invoices      ports.InvoiceRepository
	notifications ports.NotificationRepository
	mailer        ports.Mailer
	log           *slog.Logger
	now           func() time.Time
}

func NewDunningService(
	invoices ports.InvoiceRepository,
	notifications ports.NotificationRepository,
	mailer ports.Mailer,
	settings Settings,
) *DunningService {
	return &DunningService{
		invoices: invoices, notifications: notifications, mailer: mailer,
		log: settings.logger(), now: settings.clock(),
	}
}

func dunningLevel(daysLate int) int {
	switch {
	case daysLate >= 45:
		return 3
	case daysLate >= 21:
		return 2
	case daysLate >= 7:
		return 1
	}
	return 0
}

// Run sends at most one notice per invoice and level. The notice is claimed
// before the e-mail goes out; a failed send is left for staff follow-up.
func (s *DunningService) Run(ctx context.Context) (int, error) {
	const op errs.Op = "dunning.Run"
	now := s.now()
	overdue, err := s.invoices.Overdue(ctx, now, 7)
	if err != nil {
		return 0, errs.Wrap(op, err)
	}
	sent := 0
	for _, inv := range overdue {
		level := dunningLevel(int(now.Sub(inv.DueAt).Hours() / 24))
		if level == 0 {
			continue
		}
		claimed, err := s.notifications.ClaimDunning(ctx, inv.InvoiceID, level)
		if err != nil {
			return sent, errs.Wrap(op, err)
		}
		if !claimed {
			continue
		}
		_, sendErr := s.mailer.Send(ctx, ports.Email{
			To:      inv.OwnerEmail,
			Subject: fmt.Sprintf("Your %s invoice is overdue", inv.ClinicName),
			HTML: fmt.Sprintf("<p>Hi %s,</p><p>A balance of %s is %d days past due.</p>",
				inv.OwnerName, money(inv.BalanceCents, inv.Currency), int(now.Sub(inv.DueAt).Hours()/24)),
			Tags: []string{"dunning"},
		})
		if err := s.notifications.FinishDunning(ctx, inv.InvoiceID, level, sendErr); err != nil {
			return sent, errs.Wrap(op, err)
		}
		if sendErr == nil {
			sent++
		}
	}
	return sent, nil
}

func money(cents int64, currency string) string {
	sym := "$"
	if currency != "usd" && currency != "cad" {
		sym = currency + " "
	}
	return fmt.Sprintf("%s%d.%02d", sym, cents/100, cents%100)
}
