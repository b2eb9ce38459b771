package surety

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/keystonebail/bondline/internal/platform/database"
	"github.com/keystonebail/bondline/internal/providers/suretyapi"
)

// Run is one attempt at reconciling a business date. Every attempt gets a
// row, so operations can see how many tries a night took.
type Run struct {
	ID           uuid.UUID `db:"id"`
	BusinessDate time.Time `db:"business_date"`
	StartedAt    time.Time `db:"started_at"`
	Status       string    `db:"status"`
}

// Submission is the accepted bordereau for a business date.
type Submission struct {
	BusinessDate time.Time `db:"business_date"`
	BordereauID  string    `db:"bordereau_id"`
	BondsCount   int       `db:"bonds_count"`
	PremiumCents int64     `db:"premium_cents"`
	SubmittedAt  time.Time `db:"submitted_at"`
}

// RunRepository is the reconciliation attempt log.
type RunRepository interface {
	Start(ctx context.Context, db sqlx.ExtContext, r Run) error
	Finish(ctx context.Context, db sqlx.ExtContext, id uuid.UUID, status string, bonds int, premium int64, errMsg *string) error
}

// SubmissionRepository stores accepted bordereaux.
type SubmissionRepository interface {
	Get(ctx context.Context, db sqlx.ExtContext, day time.Time) (*Submission, error)
	Insert(ctx context.Context, db sqlx.ExtContext, s Submission) error
}

// BordereauAPI submits bordereaux to the surety.
type BordereauAPI interface {
	SubmitBordereau(ctx context.Context, b suretyapi.Bordereau) (*suretyapi.BordereauReceipt, error)
}

// Yesterday is the business date the scheduled run reconciles.
func (s *Service) Yesterday() time.Time {
	d := s.now().In(s.loc).AddDate(0, 0, -1)
	return time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, s.loc)
}

// Reconcile builds the bordereau of bonds written on a business date and
// submits it to the surety. A date already submitted is skipped.
func (s *Service) Reconcile(ctx context.Context, day time.Time) (err error) {
	if sub, err := s.submissions.Get(ctx, s.db, day); err != nil {
		return err
	} else if sub != nil {
		slog.InfoContext(ctx, "bordereau already submitted", "day", day, "bordereau_id", sub.BordereauID)
		return nil
	}

	run := Run{ID: uuid.New(), BusinessDate: day, StartedAt: s.now(), Status: "running"}
	if err := s.runs.Start(ctx, s.db, run); err != nil {
		return err
	}
	var (
		bondsCount   int
		premiumCents int64
	)
	defer func() {
		status, msg := "submitted", (*string)(nil)
		if err != nil {
			status = "failed"
			m := err.Error()
			msg = &m
		}
		if ferr := s.runs.Finish(context.WithoutCancel(ctx), s.db, run.ID, status, bondsCount, premiumCents, msg); ferr != nil {
			slog.WarnContext(ctx, "finish recon run", "run_id", run.ID, "err", ferr)
		}
	}()

	written, err := s.bonds.ListWrittenOn(ctx, s.db, day)
	if err != nil {
		return err
	}
	bdx := suretyapi.Bordereau{BusinessDate: day.Format("2006-01-02")}
	for _, b := range written {
		if b.PowerNumber == nil {
			return fmt.Errorf("bond %s written %s has no power number", b.ID, bdx.BusinessDate)
		}
		bdx.Lines = append(bdx.Lines, suretyapi.BordereauLine{
			PowerNumber: *b.PowerNumber, County: b.County, CaseNumber: b.CaseNumber,
			BailAmountCents: b.BailAmountCents, PremiumCents: b.PremiumCents,
		})
		bdx.PremiumCents += b.PremiumCents
	}
	bondsCount, premiumCents = len(bdx.Lines), bdx.PremiumCents
	bdx.NetDueCents = bdx.PremiumCents * (100 - s.CommissionPct) / 100

	rcpt, err := s.api.SubmitBordereau(ctx, bdx)
	if err != nil {
		return fmt.Errorf("submit bordereau: %w", err)
	}

	return database.WithTx(ctx, s.db, func(tx *sqlx.Tx) error {
		return s.submissions.Insert(ctx, tx, Submission{
			BusinessDate: day, BordereauID: rcpt.ID, BondsCount: bondsCount,
			PremiumCents: bdx.PremiumCents, SubmittedAt: s.now(),
		})
	})
}
