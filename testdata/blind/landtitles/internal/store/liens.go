package store

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/cobaltmesa/titleworks/internal/domain"
	"github.com/cobaltmesa/titleworks/internal/platform/txm"
)

// LienRepo persists liens and payoff requests.
type LienRepo struct {
	tx    *txm.Manager
	newID func() string
}

// NewLienRepo returns a LienRepo. Lien ids are UUIDs because the
// examiners' desktop tool shares them with the document imaging system.
func NewLienRepo(tx *txm.Manager) *LienRepo {
	return &LienRepo{tx: tx, newID: uuid.NewString}
}

const lienCols = `(id, order_id, source, instrument_number, lien_type, lienholder, loan_number,
	amount_cents, recorded_on, status, created_at)`

const lienVals = `(:id, :order_id, :source, :instrument_number, :lien_type, :lienholder, :loan_number,
	:amount_cents, :recorded_on, :status, :created_at)`

// InsertManual stores a lien keyed in by an examiner and fills in its id.
func (r *LienRepo) InsertManual(ctx context.Context, l *domain.Lien) error {
	l.ID = r.newID()
	l.Source = domain.LienSourceManual
	if l.Status == "" {
		l.Status = "open"
	}
	_, err := r.tx.Q(ctx).NamedExecContext(ctx, `INSERT INTO liens `+lienCols+` VALUES `+lienVals, l)
	return err
}

// UpsertFromSearch stores a lien found on the public record. The plant
// re-sends exceptions when a search is updated, so the recorded instrument
// number is the key and amounts are refreshed.
func (r *LienRepo) UpsertFromSearch(ctx context.Context, l *domain.Lien) error {
	l.Source = domain.LienSourceSearch
	_, err := r.tx.Q(ctx).NamedExecContext(ctx, `INSERT INTO liens `+lienCols+` VALUES `+lienVals+`
		ON DUPLICATE KEY UPDATE amount_cents = VALUES(amount_cents),
		                        lienholder   = VALUES(lienholder),
		                        loan_number  = VALUES(loan_number)`, l)
	return err
}

// Get loads a lien.
func (r *LienRepo) Get(ctx context.Context, id string) (*domain.Lien, error) {
	return getOne[domain.Lien](ctx, r.tx.Q(ctx), "lien", `SELECT * FROM liens WHERE id = ?`, id)
}

// MarkReleased releases an open lien. It reports false when the lien was
// not open.
func (r *LienRepo) MarkReleased(ctx context.Context, id, releaseInstrument string, at time.Time) (bool, error) {
	return affected(r.tx.Q(ctx).ExecContext(ctx, `
		UPDATE liens SET status = 'released', released_at = ?, release_instrument = ?
		 WHERE id = ? AND status = 'open'`, at, releaseInstrument, id))
}

// InsertPayoffRequest stores a payoff statement request.
func (r *LienRepo) InsertPayoffRequest(ctx context.Context, p *domain.PayoffRequest) error {
	_, err := r.tx.Q(ctx).NamedExecContext(ctx, `
		INSERT INTO payoff_requests (id, lien_id, lender_ref, good_through, status, requested_at)
		VALUES (:id, :lien_id, :lender_ref, :good_through, :status, :requested_at)`, p)
	return err
}
