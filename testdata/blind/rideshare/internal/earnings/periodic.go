package earnings

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/wayfare/ridepay/internal/db"
	"github.com/wayfare/ridepay/internal/ids"
	"github.com/wayfare/ridepay/internal/notify"
)

// SubjectDailyClosed is where DailyClosed events are published. The tax
// reporting and instant-pay eligibility services consume it.
const SubjectDailyClosed = "earnings.daily_closed"

// DailyClosed summarises one driver's earnings for one day.
type DailyClosed struct {
	DriverID   uuid.UUID `json:"driver_id"`
	Day        string    `json:"day"`
	TotalCents int64     `json:"total_cents"`
	TripCount  int32     `json:"trip_count"`
}

// CloseDay freezes each driver's earnings total for day and announces it.
func (s *Service) CloseDay(ctx context.Context, day time.Time) (int, error) {
	day = day.UTC().Truncate(24 * time.Hour)
	rows, err := s.q.SumEarningsByDriverForDay(ctx, day)
	if err != nil {
		return 0, fmt.Errorf("sum earnings for %s: %w", day.Format(time.DateOnly), err)
	}
	for i, r := range rows {
		if err := s.q.UpsertDailyClose(ctx, db.UpsertDailyCloseParams{
			DriverID:   r.DriverID,
			Day:        day,
			TotalCents: r.TotalCents,
			TripCount:  r.TripCount,
		}); err != nil {
			return i, fmt.Errorf("upsert daily close for %s: %w", r.DriverID, err)
		}
		evt := DailyClosed{
			DriverID:   r.DriverID,
			Day:        day.Format(time.DateOnly),
			TotalCents: r.TotalCents,
			TripCount:  r.TripCount,
		}
		if err := s.pub.Publish(ctx, SubjectDailyClosed, evt, ids.NewMessageID()); err != nil {
			return i, fmt.Errorf("publish daily close for %s: %w", r.DriverID, err)
		}
	}
	return len(rows), nil
}

// isoWeek returns the ISO week label ("2024-W07") and its [from, to) bounds
// for the week before now.
func isoWeek(now time.Time) (string, time.Time, time.Time) {
	now = now.UTC()
	offset := (int(now.Weekday()) + 6) % 7 // days since Monday
	thisMonday := time.Date(now.Year(), now.Month(), now.Day()-offset, 0, 0, 0, 0, time.UTC)
	from := thisMonday.AddDate(0, 0, -7)
	y, w := from.ISOWeek()
	return fmt.Sprintf("%d-W%02d", y, w), from, thisMonday
}

// SendWeeklySummaries pushes last week's earnings total to every driver who
// has not had one yet.
func (s *Service) SendWeeklySummaries(ctx context.Context, now time.Time) (int, error) {
	week, from, to := isoWeek(now)
	rows, err := s.q.ListWeeklySummaryCandidates(ctx, db.ListWeeklySummaryCandidatesParams{From: from, To: to, Week: week})
	if err != nil {
		return 0, fmt.Errorf("list weekly summary candidates: %w", err)
	}
	sent := 0
	for _, r := range rows {
		notice := notify.Notice{
			Category: "weekly_summary",
			Title:    "Your week on the road",
			Body:     fmt.Sprintf("You earned %s last week. Tap for the breakdown.", formatMoney(r.TotalCents, "")),
			Data:     map[string]string{"week": week},
		}
		if err := s.notifier.Send(ctx, r.DriverID, notice); err != nil {
			s.log.WarnContext(ctx, "weekly summary push failed", "driver_id", r.DriverID, "err", err)
			continue
		}
		if err := s.notes.MarkWeeklySummarySent(ctx, r.DriverID, week, r.TotalCents); err != nil {
			return sent, fmt.Errorf("mark weekly summary for %s: %w", r.DriverID, err)
		}
		sent++
	}
	return sent, nil
}

// GenerateStatements writes the monthly earnings statement for every driver
// with activity in the month before now and lets them know it is ready.
func (s *Service) GenerateStatements(ctx context.Context, now time.Time) (int, error) {
	now = now.UTC()
	to := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	from := to.AddDate(0, -1, 0)
	period := from.Format("2006-01")

	rows, err := s.q.SumLedgerByDriverForPeriod(ctx, db.SumLedgerByDriverForPeriodParams{From: from, To: to})
	if err != nil {
		return 0, fmt.Errorf("sum ledger for %s: %w", period, err)
	}
	created := 0
	for _, r := range rows {
		n, err := s.q.InsertDriverStatement(ctx, db.InsertDriverStatementParams{
			DriverID:   r.DriverID,
			Period:     period,
			TotalCents: r.TotalCents,
			Currency:   r.Currency,
			EntryCount: r.EntryCount,
		})
		if err != nil {
			return created, fmt.Errorf("insert statement for %s: %w", r.DriverID, err)
		}
		if n == 1 {
			created++
		}
		key := ids.MessageID("statement", period, r.DriverID.String())
		if err := s.notifier.Once(ctx, key, r.DriverID, notify.Notice{
			Category: "statement",
			Title:    "Your monthly statement is ready",
			Body:     fmt.Sprintf("Your %s earnings statement is available in the app.", from.Format("January 2006")),
			Data:     map[string]string{"period": period},
		}); err != nil {
			s.log.WarnContext(ctx, "statement notification failed", "driver_id", r.DriverID, "err", err)
		}
	}
	return created, nil
}
