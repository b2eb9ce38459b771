package services

import (
	"context"
	"log/slog"
	"time"

	"github.com/velvetchair/salon/internal/core/domain"
	"github.com/velvetchair/salon/internal/core/ports"
)

// SchedulingService is driven by the cron binary.
type SchedulingService struct {
	tx       ports.TxRunner
	log      *slog.Logger
	appts    ports.AppointmentRepository
	catalog  ports.CatalogRepository
	loyalty  ports.LoyaltyRepository
	payments *PaymentService
	jobs     ports.JobScheduler
}

func NewSchedulingService(d Deps, payments *PaymentService) *SchedulingService {
	return &SchedulingService{
		tx: d.Tx, log: d.Log.With("service", "scheduling"),
		appts: d.Appts, catalog: d.Catalog, loyalty: d.Loyalty, payments: payments, jobs: d.Jobs,
	}
}

// EnqueueDueReminders makes sure every appointment in the next 26 hours has
// its reminders queued (covers bookings whose event was lost).
func (s *SchedulingService) EnqueueDueReminders(ctx context.Context) (int, error) {
	now := clock()
	appts, err := s.appts.StartingBetween(ctx, s.tx.Reader(), now, now.Add(26*time.Hour))
	if err != nil {
		return 0, err
	}
	n := 0
	for _, a := range appts {
		for _, r := range reminderPlan(a.StartsAt) {
			if err := s.jobs.ScheduleReminder(ctx, nil, a.ID, r.template, a.StartsAt, r.at); err != nil {
				return n, err
			}
			n++
		}
	}
	return n, nil
}

// EnqueueWeeklyPayouts queues last week's payout for every freelancer.
func (s *SchedulingService) EnqueueWeeklyPayouts(ctx context.Context) (int, error) {
	period := domain.WeekStart(clock()).AddDate(0, 0, -7)
	stylists, err := s.catalog.FreelanceStylists(ctx, s.tx.Reader())
	if err != nil {
		return 0, err
	}
	for _, st := range stylists {
		if err := s.jobs.ScheduleWeeklyPayout(ctx, st.ID, period); err != nil {
			return 0, err
		}
	}
	return len(stylists), nil
}

// Housekeeping queues reconciliation of stuck payments and, in the first
// week of a quarter, the expiry of last quarter's points.
func (s *SchedulingService) Housekeeping(ctx context.Context) error {
	pending, err := s.payments.PendingPayments(ctx, 30*time.Minute)
	if err != nil {
		return err
	}
	for _, p := range pending {
		if err := s.jobs.SchedulePaymentReconcile(ctx, p.ID); err != nil {
			return err
		}
	}
	now := clock()
	if now.Day() > 7 || (now.Month()-1)%3 != 0 {
		return nil
	}
	period := domain.ExpiryPeriod(now.AddDate(0, -1, 0))
	clients, err := s.loyalty.ClientsWithPoints(ctx, s.tx.Reader())
	if err != nil {
		return err
	}
	for _, id := range clients {
		if err := s.jobs.ScheduleLoyaltyExpiry(ctx, id, period); err != nil {
			return err
		}
	}
	s.log.InfoContext(ctx, "loyalty expiry queued", "period", period, "clients", len(clients))
	return nil
}
