// Package statements runs the monthly member statement cycle: one run per
// period fans out a statement job per member, each statement is emailed, and
// the run's totals are posted to the general ledger.
package statements

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"github.com/tidewater-yc/clubhouse/internal/accounting"
	"github.com/tidewater-yc/clubhouse/internal/domain"
	"github.com/tidewater-yc/clubhouse/internal/jobs"
	"github.com/tidewater-yc/clubhouse/internal/notify"
	"github.com/tidewater-yc/clubhouse/internal/platform/httpx"
	"github.com/tidewater-yc/clubhouse/internal/platform/ids"
	"github.com/tidewater-yc/clubhouse/internal/platform/uow"
	"github.com/tidewater-yc/clubhouse/internal/store"
)

// Service is the statement surface.
type Service interface {
	StartRun(ctx context.Context, period, requestedBy string) (*domain.StatementRun, bool, error)
	MemberStatement(ctx context.Context, memberID, period string) (*domain.Statement, error)
	Dispatch(ctx context.Context, runID string) error
	BuildMemberStatement(ctx context.Context, runID, memberID, period string) error
	EmailStatement(ctx context.Context, statementID string) error
	PostToLedger(ctx context.Context, runID string) error
}

type service struct {
	db       bun.IDB
	uow      uow.UnitOfWork
	repos    *store.Repos
	enqueuer jobs.Enqueuer
	mailer   notify.Mailer
	ledger   accounting.Ledger
	newID    ids.Generator
	now      func() time.Time
	loc      *time.Location
	log      *slog.Logger
	pageSize int
}

// New builds the statement service.
func New(db *bun.DB, u uow.UnitOfWork, repos *store.Repos, enq jobs.Enqueuer, mailer notify.Mailer,
	ledger accounting.Ledger, loc *time.Location, log *slog.Logger) Service {
	return &service{db: db, uow: u, repos: repos, enqueuer: enq, mailer: mailer, ledger: ledger,
		newID: ids.ULIDs, now: time.Now, loc: loc, log: log, pageSize: 250}
}

// PeriodBounds returns [first instant of the month, first instant of the
// next month) in the club's time zone for a YYYY-MM period.
func PeriodBounds(period string, loc *time.Location) (time.Time, time.Time, error) {
	start, err := time.ParseInLocation("2006-01", period, loc)
	if err != nil {
		return time.Time{}, time.Time{}, httpx.Invalid("period must be YYYY-MM")
	}
	return start, start.AddDate(0, 1, 0), nil
}

// StartRun opens the statement run for a period and queues its dispatch. A
// period has exactly one run; asking again returns it.
func (s *service) StartRun(ctx context.Context, period, requestedBy string) (*domain.StatementRun, bool, error) {
	_, end, err := PeriodBounds(period, s.loc)
	if err != nil {
		return nil, false, err
	}
	if s.now().Before(end) {
		return nil, false, httpx.Conflict("period %s has not closed yet", period)
	}
	var (
		run     *domain.StatementRun
		created bool
	)
	err = s.uow.Do(ctx, func(ctx context.Context, tx bun.Tx) error {
		var err error
		run, created, err = s.repos.Statements.InsertRunIfAbsent(ctx, tx, &domain.StatementRun{
			ID:          s.newID(),
			Period:      period,
			Status:      domain.RunPending,
			RequestedBy: requestedBy,
			CreatedAt:   s.now(),
		})
		if err != nil {
			return err
		}
		if !created {
			return nil
		}
		return s.enqueuer.EnqueueTx(ctx, tx, jobs.StatementRunArgs{RunID: run.ID}, nil)
	})
	if err != nil {
		return nil, false, err
	}
	return run, created, nil
}

func (s *service) MemberStatement(ctx context.Context, memberID, period string) (*domain.Statement, error) {
	st, err := s.repos.Statements.ForMember(ctx, s.db, memberID, period)
	if errors.Is(err, store.ErrNotFound) {
		return nil, httpx.NotFound("no statement for %s", period)
	}
	return st, err
}

// Dispatch queues a member_statement job for every active member and then
// schedules the ledger posting for the run.
func (s *service) Dispatch(ctx context.Context, runID string) error {
	run, err := s.repos.Statements.GetRun(ctx, s.db, runID)
	if err != nil {
		return err
	}
	if run.Status != domain.RunPending {
		s.log.InfoContext(ctx, "statement run already dispatched", "run", runID, "status", run.Status)
		return nil
	}

	var members []domain.Member
	after := ""
	for {
		page, err := s.repos.Members.ListActive(ctx, s.db, after, s.pageSize)
		if err != nil {
			return err
		}
		if len(page) == 0 {
			break
		}
		members = append(members, page...)
		after = page[len(page)-1].ID
	}

	if err := s.repos.Statements.SetRunStatus(ctx, s.db, run.ID, domain.RunDispatching, len(members), nil); err != nil {
		return err
	}
	for _, m := range members {
		if err := s.enqueuer.Enqueue(ctx, jobs.MemberStatementArgs{RunID: run.ID, MemberID: m.ID, Period: run.Period}, nil); err != nil {
			return err
		}
	}

	now := s.now()
	return s.uow.Do(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.repos.Statements.SetRunStatus(ctx, tx, run.ID, domain.RunDispatched, 0, &now); err != nil {
			return err
		}
		return s.enqueuer.EnqueueTx(ctx, tx, jobs.LedgerPostingArgs{RunID: run.ID}, &river.InsertOpts{
			ScheduledAt: now.Add(jobs.LedgerPostingDelay),
		})
	})
}

// BuildMemberStatement computes and stores one member's statement and queues
// the email.
func (s *service) BuildMemberStatement(ctx context.Context, runID, memberID, period string) error {
	from, to, err := PeriodBounds(period, s.loc)
	if err != nil {
		return err
	}
	opening, err := s.repos.Accounts.BalanceBefore(ctx, s.db, memberID, from)
	if err != nil {
		return err
	}
	txns, err := s.repos.Accounts.Transactions(ctx, s.db, memberID, from, to)
	if err != nil {
		return err
	}
	st := &domain.Statement{
		ID:           s.newID(),
		RunID:        runID,
		MemberID:     memberID,
		Period:       period,
		OpeningCents: opening,
		CreatedAt:    s.now(),
		Lines:        make([]domain.StatementLine, 0, len(txns)),
	}
	for _, t := range txns {
		st.Lines = append(st.Lines, domain.StatementLine{
			Date: t.PostedAt.In(s.loc), Kind: t.Kind, Description: t.Description, AmountCents: t.AmountCents,
		})
		switch {
		case t.AmountCents < 0:
			st.PaymentsCents += -t.AmountCents
			continue
		case t.Kind == domain.TxnDues:
			st.DuesCents += t.AmountCents
		case t.Kind == domain.TxnFuel:
			st.FuelCents += t.AmountCents
		case t.Kind == domain.TxnBerthFee:
			st.BerthCents += t.AmountCents
		default:
			st.OtherCents += t.AmountCents
		}
		st.ChargesCents += t.AmountCents
	}
	st.ClosingCents = st.OpeningCents + st.ChargesCents - st.PaymentsCents

	return s.uow.Do(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.repos.Statements.Insert(ctx, tx, st); err != nil {
			return fmt.Errorf("insert statement: %w", err)
		}
		return s.enqueuer.EnqueueTx(ctx, tx, jobs.StatementEmailArgs{StatementID: st.ID}, nil)
	})
}

// EmailStatement sends a statement to the member.
func (s *service) EmailStatement(ctx context.Context, statementID string) error {
	st, err := s.repos.Statements.Get(ctx, s.db, statementID)
	if err != nil {
		return err
	}
	if st.EmailedAt != nil {
		return nil
	}
	m, err := s.repos.Members.Get(ctx, s.db, st.MemberID)
	if err != nil {
		return err
	}
	html, err := notify.Render("statement", map[string]any{
		"Name": m.Name, "Period": st.Period, "Opening": st.OpeningCents, "Charges": st.ChargesCents,
		"Payments": st.PaymentsCents, "Closing": st.ClosingCents, "Lines": st.Lines,
	})
	if err != nil {
		return err
	}
	if _, err := s.mailer.Send(ctx, notify.Email{
		To:      m.Email,
		Subject: fmt.Sprintf("Tidewater YC statement — %s", st.Period),
		HTML:    html,
		Tags:    map[string]string{"kind": "statement", "period": st.Period},
	}); err != nil {
		return err
	}
	return s.repos.Statements.MarkEmailed(ctx, s.db, st.ID, s.now())
}

// GL account codes in the club's chart of accounts.
const (
	acctCashClearing = "1050"
	acctReceivable   = "1200"
	acctDuesRevenue  = "4010"
	acctBerthRevenue = "4100"
	acctFuelSales    = "4200"
	acctOtherRevenue = "4900"
)

// PostToLedger posts the run's totals to the general ledger as one journal.
func (s *service) PostToLedger(ctx context.Context, runID string) error {
	run, err := s.repos.Statements.GetRun(ctx, s.db, runID)
	if err != nil {
		return err
	}
	if run.Status == domain.RunPosted {
		return nil
	}
	if _, err := s.repos.Statements.PostingForRun(ctx, s.db, runID); err == nil {
		return nil
	}
	totals, err := s.repos.Statements.Totals(ctx, s.db, runID)
	if err != nil {
		return err
	}
	if totals.Statements < run.MemberCount {
		return fmt.Errorf("run %s: %d of %d statements built, will retry", runID, totals.Statements, run.MemberCount)
	}
	_, end, err := PeriodBounds(run.Period, s.loc)
	if err != nil {
		return err
	}

	je := accounting.JournalEntry{
		ExternalID: s.newID(),
		Date:       end.AddDate(0, 0, -1).Format(time.DateOnly),
		Memo:       fmt.Sprintf("Member statements %s (%d statements)", run.Period, totals.Statements),
	}
	charges := totals.Dues + totals.Fuel + totals.Berth + totals.Other
	addLine := func(code, desc string, debit, credit int64) {
		if debit == 0 && credit == 0 {
			return
		}
		je.Lines = append(je.Lines, accounting.JournalLine{AccountCode: code, Description: desc, DebitCents: debit, CreditCents: credit})
	}
	addLine(acctReceivable, "Member charges", charges, 0)
	addLine(acctDuesRevenue, "Dues", 0, totals.Dues)
	addLine(acctBerthRevenue, "Berth fees", 0, totals.Berth)
	addLine(acctFuelSales, "Fuel", 0, totals.Fuel)
	addLine(acctOtherRevenue, "Other charges", 0, totals.Other)
	addLine(acctCashClearing, "Member payments", totals.Payments, 0)
	addLine(acctReceivable, "Member payments", 0, totals.Payments)
	if len(je.Lines) == 0 {
		return s.repos.Statements.SetRunStatus(ctx, s.db, runID, domain.RunPosted, 0, nil)
	}

	res, err := s.ledger.CreateJournalEntry(ctx, je)
	if err != nil {
		return err
	}
	return s.uow.Do(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.repos.Statements.InsertPosting(ctx, tx, &domain.LedgerPosting{
			ID:             s.newID(),
			RunID:          runID,
			JournalEntryID: res.ID,
			TotalCents:     charges + totals.Payments,
			Status:         "submitted",
			PostedAt:       s.now(),
		}); err != nil {
			return err
		}
		return s.repos.Statements.SetRunStatus(ctx, tx, runID, domain.RunPosted, 0, nil)
	})
}
