package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/northsound/ferrydesk/internal/config"
	"github.com/northsound/ferrydesk/internal/domain"
	"github.com/northsound/ferrydesk/internal/provider/ledger"
	"github.com/northsound/ferrydesk/internal/store"
)

// Ledger accounts the settlement journal posts to.
const (
	accountStripeClearing = "1150"
	accountFareRevenue    = "4000"
	accountRefunds        = "4090"
)

// Settler closes a business day: it totals the day's card movements, posts
// the journal to the general ledger and stamps the payments and refunds
// with the batch.
type Settler struct {
	store    store.Store
	location *time.Location
	entity   string
	currency string
	log      *slog.Logger

	// post and clock are fields so the command can run in dry-run mode and
	// tests can pin the date.
	post  func(context.Context, ledger.Journal) (string, error)
	clock func() time.Time
}

// NewSettler builds the settlement service.
func NewSettler(s store.Store, gl JournalPoster, cfg config.Config, log *slog.Logger) (*Settler, error) {
	loc, err := time.LoadLocation(cfg.SettlementTimezone)
	if err != nil {
		return nil, fmt.Errorf("settlement timezone: %w", err)
	}
	return &Settler{
		store:    s,
		location: loc,
		entity:   gl.Entity(),
		currency: "gbp",
		log:      log.With("service", "settlement"),
		post:     gl.PostJournal,
		clock:    time.Now,
	}, nil
}

// DryRun replaces the ledger call with a log line.
func (s *Settler) DryRun() {
	s.post = func(ctx context.Context, j ledger.Journal) (string, error) {
		s.log.InfoContext(ctx, "dry run: journal not posted", "date", j.Date, "lines", len(j.Lines))
		return "DRYRUN-" + j.Date, nil
	}
}

// PreviousBusinessDay is the day the nightly run settles.
func (s *Settler) PreviousBusinessDay() time.Time {
	now := s.clock().In(s.location)
	y, m, d := now.AddDate(0, 0, -1).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, s.location)
}

// Run settles one business day.
func (s *Settler) Run(ctx context.Context, day time.Time) (err error) {
	run := domain.SettlementRun{ID: uuid.New(), BusinessDate: day, StartedAt: s.clock()}
	if err := s.store.Settlements().StartRun(ctx, run); err != nil {
		return err
	}
	defer func() {
		outcome := "ok"
		if err != nil {
			outcome = "error: " + err.Error()
		}
		if ferr := s.store.Settlements().FinishRun(context.WithoutCancel(ctx), run.ID, outcome, s.clock()); ferr != nil {
			s.log.ErrorContext(ctx, "could not close settlement run", "run", run.ID, "err", ferr)
		}
	}()

	if existing, err := s.store.Settlements().BatchForDate(ctx, day); err == nil {
		s.log.InfoContext(ctx, "day already settled", "date", day.Format(time.DateOnly), "journal", existing.JournalID)
		return nil
	} else if !errors.Is(err, store.ErrNotFound) {
		return err
	}

	from, to := day, day.AddDate(0, 0, 1)
	totals, err := s.store.Settlements().Totals(ctx, from, to)
	if err != nil {
		return err
	}
	totals.BusinessDate = day
	totals.Currency = s.currency
	if totals.PaymentCount == 0 && totals.RefundCount == 0 {
		s.log.InfoContext(ctx, "nothing to settle", "date", day.Format(time.DateOnly))
		return nil
	}

	journalID, err := s.post(ctx, s.journal(totals))
	if err != nil {
		return err
	}

	batch := domain.SettlementBatch{ID: uuid.New(), BusinessDate: day, Totals: totals, JournalID: journalID}
	err = s.store.InTx(ctx, func(tx store.Store) error {
		if err := tx.Settlements().CreateBatch(ctx, batch); err != nil {
			return err
		}
		np, nr, err := tx.Settlements().AssignBatch(ctx, batch.ID, from, to)
		if err != nil {
			return err
		}
		if int(np) != totals.PaymentCount || int(nr) != totals.RefundCount {
			return fmt.Errorf("settlement %s moved under us: %d/%d payments, %d/%d refunds",
				day.Format(time.DateOnly), np, totals.PaymentCount, nr, totals.RefundCount)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("record settlement batch (journal %s): %w", journalID, err)
	}
	s.log.InfoContext(ctx, "day settled", "date", day.Format(time.DateOnly), "journal", journalID,
		"gross", totals.GrossCents, "refunds", totals.RefundsCents)
	return nil
}

func (s *Settler) journal(t domain.SettlementTotals) ledger.Journal {
	date := t.BusinessDate.Format(time.DateOnly)
	j := ledger.Journal{
		Entity:    s.entity,
		Date:      date,
		Currency:  t.Currency,
		Narrative: fmt.Sprintf("Card settlement %s: %d payments, %d refunds", date, t.PaymentCount, t.RefundCount),
	}
	if t.GrossCents > 0 {
		j.Lines = append(j.Lines,
			ledger.Line{Account: accountStripeClearing, DebitCents: t.GrossCents, Memo: "card takings"},
			ledger.Line{Account: accountFareRevenue, CreditCents: t.GrossCents, Memo: "fares"},
		)
	}
	if t.RefundsCents > 0 {
		j.Lines = append(j.Lines,
			ledger.Line{Account: accountRefunds, DebitCents: t.RefundsCents, Memo: "refunds"},
			ledger.Line{Account: accountStripeClearing, CreditCents: t.RefundsCents, Memo: "refunds paid out"},
		)
	}
	return j
}
