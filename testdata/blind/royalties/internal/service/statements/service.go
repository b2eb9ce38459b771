// Package statements computes, approves, voids and delivers monthly
// royalty statements.
package statements

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/riverqueue/river"

	"github.com/soundledger/royalties/internal/domain"
	"github.com/soundledger/royalties/internal/platform/clock"
	"github.com/soundledger/royalties/internal/platform/ids"
	"github.com/soundledger/royalties/internal/platform/logging"
	"github.com/soundledger/royalties/internal/platform/txm"
	"github.com/soundledger/royalties/internal/provider/mailer"
	"github.com/soundledger/royalties/internal/queue"
	"github.com/soundledger/royalties/internal/service/notify"
	"github.com/soundledger/royalties/internal/store"
)

// Service is the statement lifecycle.
type Service interface {
	ScheduleRun(ctx context.Context, period domain.Period) (queue.Result, error)
	RunMonth(ctx context.Context, period domain.Period) (int, error)
	Compute(ctx context.Context, artistID string, period domain.Period) (domain.Statement, error)
	SendEmail(ctx context.Context, statementID string, opts ...mailer.SendOption) error
	Resend(ctx context.Context, statementID string) error
	Approve(ctx context.Context, statementID string) (domain.Statement, error)
	Void(ctx context.Context, statementID, actor string) (domain.Statement, error)
	Get(ctx context.Context, statementID string) (domain.Statement, error)
}

// Deps are the collaborators of the statement service.
type Deps struct {
	Tx         txm.Manager
	Artists    store.Artists
	Reports    store.Reports
	Advances   store.Advances
	Statements store.Statements
	Ledger     store.Ledger
	Queue      queue.Enqueuer
	Notifier   notify.Notifier
	Clock      clock.Clock
	PageSize   int
}

type service struct {
	Deps
}

// New returns the statement Service.
func New(d Deps) Service {
	if d.PageSize == 0 {
		d.PageSize = 500
	}
	if d.Clock == nil {
		d.Clock = clock.System{}
	}
	return &service{Deps: d}
}

// ScheduleRun implements Service. The run job is unique by period, so
// asking twice for the same month schedules it once.
func (s *service) ScheduleRun(ctx context.Context, period domain.Period) (queue.Result, error) {
	return s.Queue.Enqueue(ctx, queue.StatementRunArgs{Period: string(period)}, nil)
}

// RunMonth implements Service. It fans out one compute job per active
// artist; compute jobs are unique by (artist, period).
func (s *service) RunMonth(ctx context.Context, period domain.Period) (int, error) {
	var (
		after string
		total int
	)
	for {
		page, err := s.Artists.ListActive(ctx, after, s.PageSize)
		if err != nil {
			return total, err
		}
		if len(page) == 0 {
			return total, nil
		}
		params := make([]river.InsertManyParams, 0, len(page))
		for _, a := range page {
			params = append(params, river.InsertManyParams{
				Args: queue.StatementComputeArgs{ArtistID: a.ID, Period: string(period)},
			})
		}
		n, err := s.Queue.EnqueueMany(ctx, params)
		if err != nil {
			return total, fmt.Errorf("enqueue compute jobs after %q: %w", after, err)
		}
		total += n
		after = page[len(page)-1].ID
	}
}

type recoupment struct {
	advance domain.Advance
	cents   int64
}

// planRecoupment applies gross earnings to outstanding advances, oldest
// first.
func planRecoupment(outstanding []domain.Advance, gross int64) ([]recoupment, int64) {
	var (
		plan  []recoupment
		total int64
	)
	remaining := gross
	for _, a := range outstanding {
		if remaining <= 0 {
			break
		}
		due := a.AmountCents - a.RecoupedCents
		take := min(due, remaining)
		plan = append(plan, recoupment{advance: a, cents: take})
		total += take
		remaining -= take
	}
	return plan, total
}

// Compute implements Service.
func (s *service) Compute(ctx context.Context, artistID string, period domain.Period) (domain.Statement, error) {
	log := logging.FromContext(ctx).With(slog.String("artist_id", artistID), slog.String("period", string(period)))
	artist, err := s.Artists.Get(ctx, artistID)
	if err != nil {
		return domain.Statement{}, err
	}
	earnings, err := s.Reports.EarningsForArtist(ctx, artistID, period)
	if err != nil {
		return domain.Statement{}, fmt.Errorf("earnings: %w", err)
	}
	if len(earnings) == 0 {
		log.Debug("no earnings for period")
		return domain.Statement{}, nil
	}

	stmt := domain.Statement{
		ID:       ids.NewULID(),
		ArtistID: artist.ID,
		Period:   period,
		Currency: artist.PayoutCurrency,
	}
	for _, e := range earnings {
		stmt.GrossCents += e.AmountCents
		stmt.Lines = append(stmt.Lines, domain.StatementLine{
			StatementID: stmt.ID, ISRC: e.ISRC, Plays: e.Plays, AmountCents: e.AmountCents,
		})
	}

	var created bool
	err = s.Tx.WithinTx(ctx, func(ctx context.Context) error {
		outstanding, err := s.Advances.Outstanding(ctx, artist.ID)
		if err != nil {
			return err
		}
		plan, recouped := planRecoupment(outstanding, stmt.GrossCents)
		stmt.RecoupedCents = recouped
		stmt.NetCents = stmt.GrossCents - recouped

		created, err = s.Statements.Insert(ctx, stmt)
		if err != nil || !created {
			return err
		}
		for _, r := range plan {
			if err := s.Advances.Recoup(ctx, r.advance.ID, r.cents); err != nil {
				return err
			}
		}
		return s.Statements.InsertLines(ctx, stmt.Lines)
	})
	if err != nil {
		return domain.Statement{}, err
	}
	if !created {
		log.Info("statement already computed")
		return s.Statements.GetByArtistPeriod(ctx, artist.ID, period)
	}

	if stmt.NetCents != 0 {
		if err := s.Ledger.Append(ctx, domain.LedgerEntry{
			ID:          ids.NewULID(),
			ArtistID:    artist.ID,
			EntryType:   domain.EntryStatementCredit,
			AmountCents: stmt.NetCents,
			Currency:    stmt.Currency,
			RefType:     "statement",
			RefID:       stmt.ID,
			Memo:        "royalties " + string(period),
		}); err != nil {
			return stmt, fmt.Errorf("credit statement %s: %w", stmt.ID, err)
		}
	}
	if _, err := s.Queue.Enqueue(ctx, queue.StatementEmailArgs{StatementID: stmt.ID}, nil); err != nil {
		return stmt, fmt.Errorf("enqueue statement e-mail: %w", err)
	}
	log.Info("statement computed", slog.String("statement_id", stmt.ID), slog.Int64("net_cents", stmt.NetCents))
	return stmt, nil
}

// SendEmail implements Service.
func (s *service) SendEmail(ctx context.Context, statementID string, opts ...mailer.SendOption) error {
	stmt, err := s.Statements.Get(ctx, statementID)
	if err != nil {
		return err
	}
	if stmt.EmailStatus == domain.EmailSent || stmt.Status == domain.StatementVoid {
		return nil
	}
	artist, err := s.Artists.Get(ctx, stmt.ArtistID)
	if err != nil {
		return err
	}
	rcpt, err := s.Notifier.Statement(ctx, artist, stmt, opts...)
	if err != nil {
		return fmt.Errorf("send statement %s: %w", stmt.ID, err)
	}
	now := s.Clock.Now()
	return s.Tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.Statements.MarkEmailed(ctx, stmt.ID, now); err != nil {
			return err
		}
		return s.Statements.LogEmail(ctx, store.EmailLogEntry{
			ID:                ids.NewULID(),
			StatementID:       stmt.ID,
			Template:          notify.TemplateStatement,
			Recipient:         artist.Email,
			ProviderMessageID: rcpt.MessageID,
			SentAt:            now,
		})
	})
}

// Resend implements Service.
func (s *service) Resend(ctx context.Context, statementID string) error {
	stmt, err := s.Statements.Get(ctx, statementID)
	if err != nil {
		return err
	}
	if stmt.Status == domain.StatementVoid {
		return domain.Conflict("statement %s is void", statementID)
	}
	artist, err := s.Artists.Get(ctx, stmt.ArtistID)
	if err != nil {
		return err
	}
	resendKey := ids.Prefixed("resend")
	rcpt, err := s.Notifier.Statement(ctx, artist, stmt, mailer.WithIdempotencyKey(resendKey))
	if err != nil {
		return err
	}
	return s.Statements.LogEmail(ctx, store.EmailLogEntry{
		ID:                ids.NewULID(),
		StatementID:       stmt.ID,
		Template:          notify.TemplateStatement,
		Recipient:         artist.Email,
		ProviderMessageID: rcpt.MessageID,
		SentAt:            s.Clock.Now(),
	})
}

// Approve implements Service. The status change and the payout job are
// committed together; the job is unique by statement.
func (s *service) Approve(ctx context.Context, statementID string) (domain.Statement, error) {
	var stmt domain.Statement
	err := s.Tx.WithinTx(ctx, func(ctx context.Context) error {
		moved, err := s.Statements.Transition(ctx, statementID, []string{domain.StatementOpen}, domain.StatementApproved)
		if err != nil {
			return err
		}
		stmt, err = s.Statements.Get(ctx, statementID)
		if err != nil {
			return err
		}
		if !moved {
			if stmt.Status == domain.StatementApproved || stmt.Status == domain.StatementPaid {
				return nil
			}
			return domain.Conflict("statement %s is %s", statementID, stmt.Status)
		}
		if stmt.NetCents <= 0 {
			return nil
		}
		_, err = s.Queue.Enqueue(ctx, queue.PayoutTransferArgs{StatementID: statementID}, nil)
		return err
	})
	return stmt, err
}

// Void implements Service.
func (s *service) Void(ctx context.Context, statementID, actor string) (domain.Statement, error) {
	stmt, err := s.Statements.Get(ctx, statementID)
	if err != nil {
		return domain.Statement{}, err
	}
	moved, err := s.Statements.Transition(ctx, statementID,
		[]string{domain.StatementOpen, domain.StatementApproved}, domain.StatementVoid)
	if err != nil {
		return domain.Statement{}, err
	}
	if !moved {
		return stmt, domain.Conflict("statement %s is %s", statementID, stmt.Status)
	}
	if stmt.NetCents != 0 {
		if err := s.Ledger.Append(ctx, domain.LedgerEntry{
			ID:          ids.NewULID(),
			ArtistID:    stmt.ArtistID,
			EntryType:   domain.EntryStatementReverse,
			AmountCents: -stmt.NetCents,
			Currency:    stmt.Currency,
			RefType:     "statement",
			RefID:       stmt.ID,
			Memo:        "voided by " + actor,
		}); err != nil {
			return stmt, fmt.Errorf("reverse statement credit: %w", err)
		}
	}
	stmt.Status = domain.StatementVoid
	return stmt, nil
}

// Get implements Service.
func (s *service) Get(ctx context.Context, statementID string) (domain.Statement, error) {
	return s.Statements.Get(ctx, statementID)
}
