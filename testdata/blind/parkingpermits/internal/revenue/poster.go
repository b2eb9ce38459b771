// Package revenue posts permit revenue to the city's general ledger: online
// and renewal payments as one journal per business day, kiosk sales as they
// happen (finance asked for those individually so the cash-handling audit can
// match them to kiosk settlement reports).
package revenue

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/curbline-civic/permits/internal/payments"
	"github.com/curbline-civic/permits/internal/platform/database"
	"github.com/curbline-civic/permits/internal/providers/finance"
)

// JournalPoster books journals in the GL.
type JournalPoster interface {
	PostJournal(ctx context.Context, j finance.Journal) (*finance.PostResult, error)
}

// TotalsReader sums the payments ledger.
type TotalsReader interface {
	DailyTotals(ctx context.Context, day time.Time) ([]payments.Total, error)
}

// Accounts are the GL accounts used by the postings.
type Accounts struct {
	Fund           string
	CardClearing   string
	KioskClearing  string
	DefaultRevenue string
}

// Poster builds and posts revenue journals.
type Poster struct {
	gl       JournalPoster
	totals   TotalsReader
	db       *sqlx.DB
	accounts Accounts
	log      *slog.Logger
}

// NewPoster returns a Poster.
func NewPoster(gl JournalPoster, totals TotalsReader, db *sqlx.DB, accounts Accounts, log *slog.Logger) *Poster {
	return &Poster{gl: gl, totals: totals, db: db, accounts: accounts, log: log}
}

// KioskSale is one permit sale captured at a payment kiosk.
type KioskSale struct {
	KioskID        string
	KioskTxnID     string
	RevenueAccount string
	AmountCents    int64
	CapturedAt     time.Time
}

// PostKioskSale books one kiosk sale: debit kiosk clearing, credit the zone's
// permit revenue account.
func (p *Poster) PostKioskSale(ctx context.Context, s KioskSale) error {
	revenue := s.RevenueAccount
	if revenue == "" {
		revenue = p.accounts.DefaultRevenue
	}
	res, err := p.gl.PostJournal(ctx, finance.Journal{
		EffectiveDate: s.CapturedAt.Format(time.DateOnly),
		Description:   fmt.Sprintf("Parking permit kiosk sale %s at %s", s.KioskTxnID, s.KioskID),
		Lines: []finance.JournalLine{
			{Account: p.accounts.KioskClearing, Fund: p.accounts.Fund, DebitCents: s.AmountCents, Memo: s.KioskTxnID},
			{Account: revenue, Fund: p.accounts.Fund, CreditCents: s.AmountCents, Memo: s.KioskTxnID},
		},
	})
	if err != nil {
		return fmt.Errorf("post kiosk sale %s: %w", s.KioskTxnID, err)
	}
	p.log.Info("kiosk sale posted", "txn", s.KioskTxnID, "journal", res.JournalID)
	return nil
}

// PostDay books one business day of online and renewal revenue as a single
// journal and records the posting. Kiosk sales are excluded; they were
// posted one by one.
func (p *Poster) PostDay(ctx context.Context, day time.Time) error {
	totals, err := p.totals.DailyTotals(ctx, day)
	if err != nil {
		return err
	}
	var lines []finance.JournalLine
	var clearing, entries int64
	for _, t := range totals {
		if t.Source == "kiosk" {
			continue
		}
		lines = append(lines, finance.JournalLine{
			Account: t.RevenueAccount, Fund: p.accounts.Fund, CreditCents: t.AmountCents,
			Memo: fmt.Sprintf("%s (%d payments)", t.Source, t.Entries),
		})
		clearing += t.AmountCents
		entries += int64(t.Entries)
	}
	if clearing == 0 {
		p.log.Info("no online revenue to post", "day", day.Format(time.DateOnly))
		return nil
	}
	lines = append(lines, finance.JournalLine{Account: p.accounts.CardClearing, Fund: p.accounts.Fund, DebitCents: clearing})

	ref := "permits-daily-" + day.Format("20060102")
	res, err := p.gl.PostJournal(ctx, finance.Journal{
		EffectiveDate:   day.Format(time.DateOnly),
		Description:     fmt.Sprintf("Residential parking permits, online and renewals, %s", day.Format(time.DateOnly)),
		SourceReference: ref,
		Lines:           lines,
	})
	if err != nil {
		return err
	}
	_, err = database.Conn(ctx, p.db).ExecContext(ctx, `
		INSERT INTO revenue_postings (business_date, source_reference, journal_id, total_cents, entries, posted_at)
		VALUES ($1, $2, $3, $4, $5, now())
		ON CONFLICT (business_date) DO UPDATE
		SET journal_id = EXCLUDED.journal_id, total_cents = EXCLUDED.total_cents,
		    entries = EXCLUDED.entries, posted_at = EXCLUDED.posted_at`,
		day.Format(time.DateOnly), ref, res.JournalID, clearing, entries)
	return err
}
