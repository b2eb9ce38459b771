package billing

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/larchway/hoaops/internal/events"
	"github.com/larchway/hoaops/internal/ledger"
	"github.com/larchway/hoaops/internal/platform/apperr"
	"github.com/larchway/hoaops/internal/platform/txctx"
	"github.com/larchway/hoaops/internal/provider/sendwell"
	"github.com/larchway/hoaops/internal/tasks"
)

// Service is the billing use-case surface.
type Service interface {
	GenerateDues(ctx context.Context, period string) (GenerateResult, error)
	AssessLateFee(ctx context.Context, invoiceID uuid.UUID) error
	SendReminder(ctx context.Context, invoiceID uuid.UUID, stage string) error
	ApplyAdjustment(ctx context.Context, idempotencyKey string, req AdjustmentRequest) (Adjustment, error)
}

// GenerateResult summarises a dues run.
type GenerateResult struct {
	Period  string `json:"period"`
	Created int    `json:"created"`
	Skipped int    `json:"skipped"`
	Queued  int    `json:"queued"`
}

type service struct {
	uow       txctx.UnitOfWork
	accounts  AccountStore
	invoices  InvoiceStore
	ledger    LedgerWriter
	reminders ReminderStore
	idem      IdempotencyStore
	tasks     Enqueuer
	mail      Mailer
	events    EventPublisher
	log       *slog.Logger
	now       func() time.Time
}

// New wires the billing service.
func New(
	uow txctx.UnitOfWork,
	accounts AccountStore,
	invoices InvoiceStore,
	ledgerW LedgerWriter,
	reminders ReminderStore,
	idem IdempotencyStore,
	enq Enqueuer,
	mail Mailer,
	pub EventPublisher,
	log *slog.Logger,
) Service {
	return &service{
		uow:       uow,
		accounts:  accounts,
		invoices:  invoices,
		ledger:    ledgerW,
		reminders: reminders,
		idem:      idem,
		tasks:     enq,
		mail:      mail,
		events:    pub,
		log:       log.With("component", "billing"),
		now:       time.Now,
	}
}

// GenerateDues creates the period's invoice and dues charge for every active
// account, then queues autopay collection for open autopay invoices.
func (s *service) GenerateDues(ctx context.Context, period string) (GenerateResult, error) {
	dueOn, err := dueDate(period)
	if err != nil {
		return GenerateResult{}, err
	}
	accounts, err := s.accounts.ListActive(ctx)
	if err != nil {
		return GenerateResult{}, fmt.Errorf("list accounts: %w", err)
	}

	res := GenerateResult{Period: period}
	for _, a := range accounts {
		if a.MonthlyDuesCents == 0 {
			continue
		}
		inv := Invoice{
			ID:          uuid.New(),
			AccountID:   a.ID,
			Period:      period,
			AmountCents: a.MonthlyDuesCents,
			DueOn:       dueOn,
			Status:      InvoiceOpen,
		}
		created, err := s.invoices.CreateIfAbsent(ctx, inv)
		if err != nil {
			return res, fmt.Errorf("create invoice for %s: %w", a.ID, err)
		}
		if !created {
			res.Skipped++
			continue
		}
		if err := s.ledger.Insert(ctx, ledger.Entry{
			ID:          uuid.New(),
			AccountID:   a.ID,
			InvoiceID:   &inv.ID,
			Kind:        ledger.KindDues,
			AmountCents: inv.AmountCents,
			Memo:        "Monthly dues " + period,
			CreatedBy:   "dues-run",
		}); err != nil {
			return res, fmt.Errorf("post dues charge for %s: %w", a.ID, err)
		}
		res.Created++
	}

	open, err := s.invoices.ListOpenAutopay(ctx, period)
	if err != nil {
		return res, fmt.Errorf("list autopay invoices: %w", err)
	}
	for _, inv := range open {
		taskID := uuid.NewString()
		if _, err := s.tasks.Enqueue(ctx, tasks.TypeDuesCollect,
			tasks.InvoicePayload{InvoiceID: inv.ID},
			asynq.TaskID(taskID),
			asynq.Queue(tasks.QueuePayments),
			asynq.MaxRetry(5),
		); err != nil {
			return res, fmt.Errorf("queue collection for invoice %s: %w", inv.ID, err)
		}
		if err := s.invoices.SetCollectionTask(ctx, inv.ID, taskID); err != nil {
			s.log.WarnContext(ctx, "could not record collection task", "invoice_id", inv.ID, "err", err)
		}
		res.Queued++
	}
	s.log.InfoContext(ctx, "dues run finished", "period", period,
		"created", res.Created, "skipped", res.Skipped, "queued", res.Queued)
	return res, nil
}

// AssessLateFee charges the association's late fee on an overdue invoice,
// once.
func (s *service) AssessLateFee(ctx context.Context, invoiceID uuid.UUID) error {
	inv, err := s.invoices.Get(ctx, invoiceID)
	if err != nil {
		return err
	}
	if inv.Status != InvoiceOpen || inv.LateFeeAssessedAt != nil {
		return nil
	}
	acct, err := s.accounts.Get(ctx, inv.AccountID)
	if err != nil {
		return err
	}
	if acct.LateFeeCents == 0 {
		return nil
	}
	now := s.now()
	if now.Before(inv.DueOn.AddDate(0, 0, acct.GraceDays)) {
		return nil
	}

	return s.uow.Do(ctx, func(ctx context.Context) error {
		claimed, err := s.invoices.ClaimLateFee(ctx, inv.ID, now)
		if err != nil {
			return err
		}
		if !claimed {
			return nil
		}
		if err := s.ledger.Insert(ctx, ledger.Entry{
			ID:          uuid.New(),
			AccountID:   inv.AccountID,
			InvoiceID:   &inv.ID,
			Kind:        ledger.KindLateFee,
			AmountCents: acct.LateFeeCents,
			Memo:        "Late fee, dues " + inv.Period,
			CreatedBy:   "late-fee-sweep",
		}); err != nil {
			return err
		}
		return s.events.Publish(ctx, events.TopicNoticeRequested, events.NoticeRequested{
			SourceKey: "late-fee:" + inv.ID.String(),
			AccountID: inv.AccountID,
			Template:  "late_fee_assessed",
			Channels:  channelsFor(acct),
			Data: map[string]string{
				"period":     inv.Period,
				"late_fee":   cents(acct.LateFeeCents),
				"unit_label": acct.UnitLabel,
			},
		})
	})
}

// SendReminder emails the owner about an unpaid invoice. Stages are
// "upcoming" (before due date), "overdue" and "final".
func (s *service) SendReminder(ctx context.Context, invoiceID uuid.UUID, stage string) error {
	inv, err := s.invoices.Get(ctx, invoiceID)
	if err != nil {
		return err
	}
	if inv.Status != InvoiceOpen {
		return nil
	}
	done, err := s.reminders.Exists(ctx, inv.ID, stage)
	if err != nil {
		return err
	}
	if done {
		return nil
	}
	acct, err := s.accounts.Get(ctx, inv.AccountID)
	if err != nil {
		return err
	}
	if acct.Email == "" {
		s.log.InfoContext(ctx, "no email on file, skipping reminder", "account_id", acct.ID)
		return nil
	}

	msg := reminderMessage(acct, inv, stage)
	ref, err := s.mail.Send(ctx, msg)
	if err != nil {
		return fmt.Errorf("send %s reminder: %w", stage, err)
	}
	return s.reminders.Record(ctx, inv.ID, stage, ref)
}

func reminderMessage(acct Account, inv Invoice, stage string) sendwell.Message {
	subject := fmt.Sprintf("%s: dues for %s", acct.AssociationName, inv.Period)
	switch stage {
	case "overdue":
		subject = "Past due: " + subject
	case "final":
		subject = "Final notice: " + subject
	}
	body := fmt.Sprintf("Hello %s,\n\nYour dues of %s for unit %s were due on %s.\n"+
		"Pay online in the owner portal or set up autopay to avoid late fees.\n",
		acct.OwnerName, cents(inv.AmountCents), acct.UnitLabel, inv.DueOn.Format("January 2, 2006"))
	return sendwell.Message{To: acct.Email, Subject: subject, Text: body, Tag: "dues-" + stage}
}

func dueDate(period string) (time.Time, error) {
	t, err := time.Parse("2006-01", period)
	if err != nil {
		return time.Time{}, apperr.Invalidf("period %q: want YYYY-MM", period)
	}
	return t, nil
}

func channelsFor(a Account) []string {
	ch := []string{"email"}
	if a.SMSOptIn && a.Phone != "" {
		ch = append(ch, "sms")
	}
	return ch
}

func cents(c int64) string {
	return fmt.Sprintf("$%d.%02d", c/100, c%100)
}
