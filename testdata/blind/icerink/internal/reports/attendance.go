// Package reports builds the operational rollups the front office reads
// each morning.
package reports

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/frostline-arena/rinkops/internal/db"
	"github.com/frostline-arena/rinkops/internal/providers/mailer"
)

// Mailer sends the summary email.
type Mailer interface {
	Send(ctx context.Context, msg mailer.Message, dedupKey string) error
}

// AttendanceRollup writes one daily_attendance row per rink for a day and
// mails the general manager a summary. rinkcron runs it at 02:30; the
// scheduler reruns the job when it exits non-zero.
type AttendanceRollup struct {
	pool      *pgxpool.Pool
	mail      Mailer
	managerTo string
	log       *slog.Logger
}

func NewAttendanceRollup(pool *pgxpool.Pool, mail Mailer, managerTo string, log *slog.Logger) *AttendanceRollup {
	return &AttendanceRollup{pool: pool, mail: mail, managerTo: managerTo, log: log}
}

func (r *AttendanceRollup) Run(ctx context.Context, day time.Time) error {
	q := db.New(r.pool)
	date := pgtype.Date{Time: day, Valid: true}
	rows, err := q.AttendanceForDay(ctx, date)
	if err != nil {
		return fmt.Errorf("attendance for %s: %w", day.Format(time.DateOnly), err)
	}

	var skaters int32
	for _, row := range rows {
		err := q.InsertDailyAttendance(ctx, db.InsertDailyAttendanceParams{
			ID:         uuid.Must(uuid.NewV7()),
			RinkID:     row.RinkID,
			Day:        date,
			Sessions:   row.Sessions,
			Admissions: row.Admissions,
			Skaters:    row.Skaters,
		})
		if err != nil {
			return fmt.Errorf("store attendance for %s: %w", row.RinkID, err)
		}
		skaters += row.Skaters
	}

	if r.managerTo == "" {
		return nil
	}
	return r.mail.Send(ctx, mailer.Message{
		To:       r.managerTo,
		Template: "daily-attendance",
		Vars: map[string]string{
			"day":     day.Format(time.DateOnly),
			"rinks":   strconv.Itoa(len(rows)),
			"skaters": strconv.Itoa(int(skaters)),
		},
	}, "attendance-"+day.Format(time.DateOnly))
}
