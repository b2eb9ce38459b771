package service

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"

	"github.com/brightbay/washclub/internal/domain"
	"github.com/brightbay/washclub/internal/gateway/cardprocessor"
	"github.com/brightbay/washclub/internal/platform"
	"github.com/brightbay/washclub/internal/tasks"
)

// FleetAccountInput creates or updates a fleet account.
type FleetAccountInput struct {
	Code         string
	CompanyName  string
	BillingEmail string
	ContactPhone string
	CardToken    string
	Autopay      bool
	PriceCents   int64
}

// FleetService manages fleet accounts and their monthly invoices.
type FleetService interface {
	SaveAccount(ctx context.Context, in FleetAccountInput) (*domain.FleetAccount, error)
	AddVehicle(ctx context.Context, accountID uuid.UUID, plate, label string) error
	Invoices(ctx context.Context, accountID uuid.UUID) ([]domain.FleetInvoice, error)
	// RunInvoicing queues an invoice for every active account for period.
	RunInvoicing(ctx context.Context, period string) (int, error)
	// GenerateInvoice builds an account's invoice and collects it when the
	// account is on autopay.
	GenerateInvoice(ctx context.Context, accountID uuid.UUID, period string) error
}

type fleetService struct {
	db      *sqlx.DB
	repo    FleetRepository
	washes  WashRepository
	cards   CardProcessor
	queue   tasks.Enqueuer
	loc     *time.Location
	now     platform.Clock
	log     *slog.Logger
	netDays int
}

// NewFleetService returns the FleetService.
func NewFleetService(db *sqlx.DB, repo FleetRepository, washes WashRepository, cards CardProcessor,
	queue tasks.Enqueuer, loc *time.Location, now platform.Clock, log *slog.Logger,
) FleetService {
	return &fleetService{db: db, repo: repo, washes: washes, cards: cards, queue: queue,
		loc: loc, now: now, log: log, netDays: 15}
}

func (s *fleetService) SaveAccount(ctx context.Context, in FleetAccountInput) (*domain.FleetAccount, error) {
	if in.Code == "" || in.CompanyName == "" || !strings.Contains(in.BillingEmail, "@") {
		return nil, domain.Invalid("account", "code, company_name and billing_email are required")
	}
	if in.Autopay && in.CardToken == "" {
		return nil, domain.Invalid("card_token", "required for autopay")
	}
	acct := &domain.FleetAccount{
		ID:           uuid.New(),
		Code:         strings.ToUpper(in.Code),
		CompanyName:  in.CompanyName,
		BillingEmail: strings.ToLower(in.BillingEmail),
		ContactPhone: sql.NullString{String: in.ContactPhone, Valid: in.ContactPhone != ""},
		CardToken:    sql.NullString{String: in.CardToken, Valid: in.CardToken != ""},
		Autopay:      in.Autopay,
		PriceCents:   in.PriceCents,
	}
	return s.repo.UpsertAccount(ctx, s.db, acct)
}

func (s *fleetService) AddVehicle(ctx context.Context, accountID uuid.UUID, plate, label string) error {
	plate = normalizePlate(plate)
	if plate == "" {
		return domain.Invalid("plate", "required")
	}
	if _, err := s.repo.GetAccount(ctx, s.db, accountID); err != nil {
		return err
	}
	return s.repo.AddVehicle(ctx, s.db, accountID, plate, label)
}

func (s *fleetService) Invoices(ctx context.Context, accountID uuid.UUID) ([]domain.FleetInvoice, error) {
	return s.repo.ListInvoices(ctx, s.db, accountID)
}

func (s *fleetService) RunInvoicing(ctx context.Context, period string) (int, error) {
	if _, _, err := platform.PeriodBounds(period, s.loc); err != nil {
		return 0, domain.Invalid("period", err.Error())
	}
	accounts, err := s.repo.ListActiveAccounts(ctx, s.db)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, a := range accounts {
		err := tasks.Enqueue(ctx, s.queue, tasks.TypeFleetInvoice,
			tasks.FleetInvoicePayload{AccountID: a.ID, Period: period},
			asynq.TaskID(fmt.Sprintf("fleet-invoice:%s:%s", a.ID, period)),
			asynq.Queue(tasks.QueueBilling),
			asynq.Retention(45*24*time.Hour),
		)
		if err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

func (s *fleetService) GenerateInvoice(ctx context.Context, accountID uuid.UUID, period string) error {
	acct, err := s.repo.GetAccount(ctx, s.db, accountID)
	if err != nil {
		return err
	}
	from, to, err := platform.PeriodBounds(period, s.loc)
	if err != nil {
		return fmt.Errorf("%v: %w", err, asynq.SkipRetry)
	}

	inv, err := platform.InTx(ctx, s.db, func(tx *sqlx.Tx) (*domain.FleetInvoice, error) {
		fresh := &domain.FleetInvoice{
			ID:        uuid.New(),
			AccountID: acct.ID,
			Period:    period,
			Status:    domain.InvoiceOpen,
			DueAt:     to.AddDate(0, 0, s.netDays),
		}
		created, err := s.repo.CreateInvoice(ctx, tx, fresh)
		if err != nil {
			return nil, fmt.Errorf("create invoice: %w", err)
		}
		if !created {
			return s.repo.InvoiceForPeriod(ctx, tx, acct.ID, period)
		}
		count, total, err := s.washes.AttachToInvoice(ctx, tx, fresh.ID, acct.ID, from, to)
		if err != nil {
			return nil, fmt.Errorf("attach washes: %w", err)
		}
		fresh.WashCount, fresh.TotalCents = count, total
		if err := s.repo.SetInvoiceTotals(ctx, tx, fresh.ID, count, total); err != nil {
			return nil, err
		}
		return fresh, nil
	})
	if err != nil {
		return err
	}
	s.log.InfoContext(ctx, "fleet invoice ready", "account", acct.Code, "period", period,
		"washes", inv.WashCount, "total_cents", inv.TotalCents)

	if inv.Status == domain.InvoiceOpen && acct.Autopay && acct.CardToken.Valid && inv.TotalCents > 0 {
		res, err := s.cards.Charge(ctx, cardprocessor.ChargeRequest{
			CardToken:   acct.CardToken.String,
			AmountCents: inv.TotalCents,
			Description: fmt.Sprintf("BrightBay fleet invoice %s (%d washes)", period, inv.WashCount),
			Metadata:    map[string]string{"invoice_id": inv.ID.String(), "account": acct.Code},
		})
		if cardprocessor.IsDeclined(err) {
			s.log.WarnContext(ctx, "fleet autopay declined", "account", acct.Code, "invoice_id", inv.ID)
			return s.repo.MarkInvoicePaymentFailed(ctx, s.db, inv.ID)
		}
		if err != nil {
			return fmt.Errorf("autopay invoice %s: %w", inv.ID, err)
		}
		if err := s.repo.MarkInvoicePaid(ctx, s.db, inv.ID, res.ID, s.now()); err != nil {
			return fmt.Errorf("mark invoice paid: %w", err)
		}
		inv.Status = domain.InvoicePaid
	}

	if inv.Status != domain.InvoicePaid || !acct.ContactPhone.Valid {
		return nil
	}
	return tasks.Enqueue(ctx, s.queue, tasks.TypeSendSMS, tasks.SendSMSPayload{
		To: acct.ContactPhone.String,
		Body: fmt.Sprintf("BrightBay: your %s fleet invoice of $%d.%02d was paid by card on file.",
			period, inv.TotalCents/100, inv.TotalCents%100),
		Reference: "fleet-invoice-paid:" + inv.ID.String(),
	})
}
