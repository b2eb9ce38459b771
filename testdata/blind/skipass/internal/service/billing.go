package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/segmentio/ksuid"
	"github.com/uptrace/bun"

	"github.com/summitline/skipass/internal/model"
	"github.com/summitline/skipass/internal/platform/queue"
	"github.com/summitline/skipass/internal/provider/invoicing"
	"github.com/summitline/skipass/internal/provider/mailer"
	"github.com/summitline/skipass/internal/store"
	"github.com/summitline/skipass/internal/tasks"
)

// Reminder stages: days past the due date at which a reminder goes out.
var reminderStages = []struct {
	Stage     int
	DaysLate  int
	Template  string
	CopyToOps bool
}{
	{Stage: 1, DaysLate: 7, Template: "invoice-reminder-friendly"},
	{Stage: 2, DaysLate: 21, Template: "invoice-reminder-final", CopyToOps: true},
}

// BillingService invoices school programmes monthly and chases late payers.
type BillingService interface {
	RunMonthlyInvoices(ctx context.Context, month time.Time) (int, error)
	QueueReminders(ctx context.Context, asOf time.Time) (int, error)
	SendReminder(ctx context.Context, invoiceID string, stage int, taskID string) error
}

type billingService struct {
	db       *bun.DB
	groups   store.Groups
	invoices store.GroupInvoices
	invoicer Invoicer
	mail     Mailer
	queue    queue.Enqueuer
	log      *slog.Logger
	opsEmail string
}

func NewBillingService(db *bun.DB, groups store.Groups, invoices store.GroupInvoices, invoicer Invoicer,
	mail Mailer, q queue.Enqueuer, log *slog.Logger) *billingService {
	return &billingService{
		db: db, groups: groups, invoices: invoices, invoicer: invoicer, mail: mail, queue: q, log: log,
		opsEmail: "accounts@summitline.example",
	}
}

func monthBounds(t time.Time) (time.Time, time.Time) {
	start := time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, t.Location())
	return start, start.AddDate(0, 1, -1)
}

func overlapDays(aFrom, aTo, bFrom, bTo time.Time) int {
	from, to := aFrom, aTo
	if bFrom.After(from) {
		from = bFrom
	}
	if bTo.Before(to) {
		to = bTo
	}
	if to.Before(from) {
		return 0
	}
	return days(from, to)
}

func (s *billingService) RunMonthlyInvoices(ctx context.Context, month time.Time) (int, error) {
	start, end := monthBounds(month)
	bookings, err := s.groups.ListMonthlyActive(ctx, s.db, start, end)
	if err != nil {
		return 0, err
	}
	issued := 0
	for _, b := range bookings {
		n := overlapDays(b.VisitDate, b.EndDate, start, end)
		if n == 0 {
			continue
		}
		inv := &model.GroupInvoice{
			ID:          "ginv_" + ksuid.New().String(),
			BookingID:   b.ID,
			Period:      start.Format("2006-01"),
			AmountCents: schoolDayRateCents * int64(b.Headcount) * int64(n),
			Status:      "draft",
			DueDate:     end.AddDate(0, 0, 14),
		}
		if err := s.invoices.Insert(ctx, s.db, inv); err != nil {
			return issued, err
		}
		res, err := s.invoicer.CreateInvoice(ctx, invoicing.Invoice{
			CustomerName:  b.Organisation,
			CustomerEmail: b.ContactEmail,
			Reference:     inv.ID,
			Currency:      b.Currency,
			DueDate:       inv.DueDate.Format(time.DateOnly),
			Lines: []invoicing.Line{{
				Description: fmt.Sprintf("School programme %s, %d pupils x %d days", inv.Period, b.Headcount, n),
				Quantity:    b.Headcount * n,
				UnitCents:   schoolDayRateCents,
			}},
			SendEmail: true,
		}, invoicing.WithIdempotencyKey(inv.ID))
		if err != nil {
			return issued, err
		}
		if err := s.invoices.SetProviderID(ctx, s.db, inv.ID, res.ID); err != nil {
			return issued, err
		}
		issued++
	}
	return issued, nil
}

// QueueReminders queues one reminder per overdue invoice and stage.
func (s *billingService) QueueReminders(ctx context.Context, asOf time.Time) (int, error) {
	queued := 0
	for i := len(reminderStages) - 1; i >= 0; i-- {
		st := reminderStages[i]
		overdue, err := s.invoices.ListOverdue(ctx, s.db, asOf.AddDate(0, 0, -st.DaysLate), st.Stage)
		if err != nil {
			return queued, err
		}
		ids := make([]string, 0, len(overdue))
		for _, inv := range overdue {
			t, err := tasks.New(tasks.TypeInvoiceReminder, tasks.InvoiceReminder{InvoiceID: inv.ID, Stage: st.Stage})
			if err != nil {
				return queued, err
			}
			opts := tasks.Options(tasks.TypeInvoiceReminder, tasks.Tracked("reminder"))
			if err := tasks.Enqueue(ctx, s.queue, t, opts...); err != nil {
				return queued, err
			}
			ids = append(ids, inv.ID)
		}
		if err := s.invoices.SetReminderStage(ctx, s.db, ids, st.Stage); err != nil {
			return queued, err
		}
		queued += len(ids)
	}
	return queued, nil
}

// SendReminder emails one reminder. The asynq task ID is stable across
// retries of the same task and is used as the mail provider's key.
func (s *billingService) SendReminder(ctx context.Context, invoiceID string, stage int, taskID string) error {
	inv, err := s.invoices.Get(ctx, s.db, invoiceID)
	if err != nil {
		return mapErr(err)
	}
	if inv.Status != "issued" {
		return nil
	}
	b, err := s.groups.Get(ctx, s.db, inv.BookingID)
	if err != nil {
		return err
	}
	template := reminderStages[0].Template
	copyOps := false
	for _, st := range reminderStages {
		if st.Stage == stage {
			template, copyOps = st.Template, st.CopyToOps
		}
	}
	vars := map[string]string{
		"organisation": b.Organisation,
		"period":       inv.Period,
		"amount":       fmt.Sprintf("%.2f %s", float64(inv.AmountCents)/100, b.Currency),
		"due_date":     inv.DueDate.Format("2 January 2006"),
	}
	if err := s.mail.Send(ctx, mailer.Message{To: b.ContactEmail, Template: template, Vars: vars}, "reminder-"+taskID); err != nil {
		return err
	}
	if copyOps {
		if err := s.mail.Send(ctx, mailer.Message{To: s.opsEmail, Template: template, Vars: vars}, "reminder-ops-"+taskID); err != nil {
			s.log.Warn("ops copy of reminder failed", "invoice_id", inv.ID, "err", err)
		}
	}
	return nil
}
