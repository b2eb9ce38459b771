package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/tidewater-yc/clubhouse/internal/domain"
)

type DuesRepo struct{}

// EnsureInvoice creates the draft dues invoice for (member, year) if missing
// and returns the stored row either way.
func (DuesRepo) EnsureInvoice(ctx context.Context, db bun.IDB, inv *domain.DuesInvoice) (*domain.DuesInvoice, error) {
	_, err := db.NewInsert().Model(inv).
		On("CONFLICT (member_id, dues_year) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return nil, err
	}
	return selectOne[domain.DuesInvoice](ctx, db, "dues invoice", "member_id = ? AND dues_year = ?", inv.MemberID, inv.DuesYear)
}

func (DuesRepo) SetStripeInvoice(ctx context.Context, db bun.IDB, id, stripeInvoiceID, status string) error {
	_, err := db.NewUpdate().Model((*domain.DuesInvoice)(nil)).
		Set("stripe_invoice_id = ?", stripeInvoiceID).
		Set("status = ?", status).
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (DuesRepo) GetByStripeInvoice(ctx context.Context, db bun.IDB, stripeInvoiceID string) (*domain.DuesInvoice, error) {
	return selectOne[domain.DuesInvoice](ctx, db, "dues invoice", "stripe_invoice_id = ?", stripeInvoiceID)
}

func (DuesRepo) MarkPaid(ctx context.Context, db bun.IDB, id string, at time.Time) error {
	_, err := db.NewUpdate().Model((*domain.DuesInvoice)(nil)).
		Set("status = ?", domain.DuesPaid).
		Set("paid_at = ?", at).
		Where("id = ?", id).
		Exec(ctx)
	return err
}

type StatementRepo struct{}

// InsertRunIfAbsent creates the run for a period unless one exists, and
// returns the stored run plus whether this call created it.
func (StatementRepo) InsertRunIfAbsent(ctx context.Context, db bun.IDB, run *domain.StatementRun) (*domain.StatementRun, bool, error) {
	res, err := db.NewInsert().Model(run).On("CONFLICT (period) DO NOTHING").Exec(ctx)
	if err != nil {
		return nil, false, err
	}
	n, err := affected(res)
	if err != nil {
		return nil, false, err
	}
	stored, err := selectOne[domain.StatementRun](ctx, db, "statement run", "period = ?", run.Period)
	return stored, n == 1, err
}

func (StatementRepo) GetRun(ctx context.Context, db bun.IDB, id string) (*domain.StatementRun, error) {
	return selectOne[domain.StatementRun](ctx, db, "statement run", "id = ?", id)
}

func (StatementRepo) SetRunStatus(ctx context.Context, db bun.IDB, id, status string, memberCount int, at *time.Time) error {
	q := db.NewUpdate().Model((*domain.StatementRun)(nil)).
		Set("status = ?", status).
		Where("id = ?", id)
	if memberCount > 0 {
		q = q.Set("member_count = ?", memberCount)
	}
	if at != nil {
		q = q.Set("dispatched_at = ?", *at)
	}
	_, err := q.Exec(ctx)
	return err
}

func (StatementRepo) Insert(ctx context.Context, db bun.IDB, s *domain.Statement) error {
	_, err := db.NewInsert().Model(s).Exec(ctx)
	return err
}

func (StatementRepo) Get(ctx context.Context, db bun.IDB, id string) (*domain.Statement, error) {
	return selectOne[domain.Statement](ctx, db, "statement", "id = ?", id)
}

func (StatementRepo) ForMember(ctx context.Context, db bun.IDB, memberID, period string) (*domain.Statement, error) {
	return selectOne[domain.Statement](ctx, db, "statement", "member_id = ? AND period = ?", memberID, period)
}

func (StatementRepo) MarkEmailed(ctx context.Context, db bun.IDB, id string, at time.Time) error {
	_, err := db.NewUpdate().Model((*domain.Statement)(nil)).
		Set("emailed_at = ?", at).
		Where("id = ?", id).
		Where("emailed_at IS NULL").
		Exec(ctx)
	return err
}

// RunTotals is the per-category sum used for the general ledger journal.
type RunTotals struct {
	Statements int   `bun:"statements"`
	Dues       int64 `bun:"dues"`
	Fuel       int64 `bun:"fuel"`
	Berth      int64 `bun:"berth"`
	Other      int64 `bun:"other"`
	Payments   int64 `bun:"payments"`
}

func (StatementRepo) Totals(ctx context.Context, db bun.IDB, runID string) (*RunTotals, error) {
	t := new(RunTotals)
	err := db.NewSelect().Model((*domain.Statement)(nil)).
		ColumnExpr("count(*) AS statements").
		ColumnExpr("COALESCE(SUM(dues_cents), 0) AS dues").
		ColumnExpr("COALESCE(SUM(fuel_cents), 0) AS fuel").
		ColumnExpr("COALESCE(SUM(berth_cents), 0) AS berth").
		ColumnExpr("COALESCE(SUM(other_cents), 0) AS other").
		ColumnExpr("COALESCE(SUM(payments_cents), 0) AS payments").
		Where("run_id = ?", runID).
		Scan(ctx, t)
	return t, err
}

func (StatementRepo) PostingForRun(ctx context.Context, db bun.IDB, runID string) (*domain.LedgerPosting, error) {
	return selectOne[domain.LedgerPosting](ctx, db, "ledger posting", "run_id = ?", runID)
}

func (StatementRepo) InsertPosting(ctx context.Context, db bun.IDB, p *domain.LedgerPosting) error {
	_, err := db.NewInsert().Model(p).On("CONFLICT (run_id) DO NOTHING").Exec(ctx)
	return err
}

func (StatementRepo) SetPostingStatus(ctx context.Context, db bun.IDB, journalID, status string) (bool, error) {
	res, err := db.NewUpdate().Model((*domain.LedgerPosting)(nil)).
		Set("status = ?", status).
		Where("journal_entry_id = ?", journalID).
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

type EventRepo struct{}

// Seen reports whether an inbound event has already been processed.
func (EventRepo) Seen(ctx context.Context, db bun.IDB, source, eventID string) (bool, error) {
	return db.NewSelect().Model((*domain.ProcessedEvent)(nil)).
		Where("source = ? AND event_id = ?", source, eventID).
		Exists(ctx)
}

// MarkProcessed records an inbound event. It returns false if the event had
// already been recorded.
func (EventRepo) MarkProcessed(ctx context.Context, db bun.IDB, source, eventID, eventType string, at time.Time) (bool, error) {
	res, err := db.NewInsert().Model(&domain.ProcessedEvent{
		Source: source, EventID: eventID, EventType: eventType, ProcessedAt: at,
	}).On("CONFLICT (source, event_id) DO NOTHING").Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

// AddOutbox queues an event for the relay.
func (EventRepo) AddOutbox(ctx context.Context, db bun.IDB, e *domain.OutboxEvent) error {
	_, err := db.NewInsert().Model(e).On("CONFLICT (id) DO NOTHING").Exec(ctx)
	return err
}

// LockUnpublished claims a batch of unpublished outbox rows.
func (EventRepo) LockUnpublished(ctx context.Context, tx bun.Tx, limit int) ([]domain.OutboxEvent, error) {
	var out []domain.OutboxEvent
	err := tx.NewSelect().Model(&out).
		Where("published_at IS NULL").
		OrderExpr("created_at ASC").
		Limit(int64(limit)).
		For("UPDATE SKIP LOCKED").
		Scan(ctx)
	return out, err
}

func (EventRepo) MarkPublished(ctx context.Context, db bun.IDB, ids []string, at time.Time) error {
	if len(ids) == 0 {
		return nil
	}
	_, err := db.NewUpdate().Model((*domain.OutboxEvent)(nil)).
		Set("published_at = ?", at).
		Where("id IN (?)", bun.In(ids)).
		Exec(ctx)
	return err
}
