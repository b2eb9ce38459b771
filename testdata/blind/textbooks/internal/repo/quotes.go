package repo

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/quirecampus/bookloop/internal/domain"
)

type Quotes struct{ base }

func NewQuotes(db *bun.DB) *Quotes { return &Quotes{base{db}} }

func (r *Quotes) WithTx(tx bun.IDB) *Quotes { return &Quotes{base{tx}} }

// InsertIfAbsent inserts q unless the student already has a quote for the
// same client request. It reports whether q was written.
func (r *Quotes) InsertIfAbsent(ctx context.Context, q *domain.Quote) (bool, error) {
	res, err := r.conn(ctx).NewInsert().Model(q).
		On("CONFLICT (student_id, client_request_id) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (r *Quotes) InsertLines(ctx context.Context, lines []*domain.QuoteLine) error {
	if len(lines) == 0 {
		return nil
	}
	_, err := r.conn(ctx).NewInsert().Model(&lines).Exec(ctx)
	return err
}

func (r *Quotes) ByClientRequest(ctx context.Context, studentID, requestID string) (*domain.Quote, error) {
	q := new(domain.Quote)
	err := r.conn(ctx).NewSelect().Model(q).Relation("Lines").
		Where("?TableAlias.student_id = ?", studentID).
		Where("?TableAlias.client_request_id = ?", requestID).
		Scan(ctx)
	return q, mapErr(err)
}

func (r *Quotes) Get(ctx context.Context, id string) (*domain.Quote, error) {
	q := new(domain.Quote)
	err := r.conn(ctx).NewSelect().Model(q).Relation("Lines").Where("?TableAlias.id = ?", id).Scan(ctx)
	return q, mapErr(err)
}

func (r *Quotes) ByDropoffCode(ctx context.Context, code string) (*domain.Quote, error) {
	q := new(domain.Quote)
	err := r.conn(ctx).NewSelect().Model(q).Relation("Lines").Where("?TableAlias.dropoff_code = ?", code).Scan(ctx)
	return q, mapErr(err)
}

// Accept moves an open quote to accepted.
func (r *Quotes) Accept(ctx context.Context, id, code string, at time.Time) error {
	return expectOne(r.conn(ctx).NewUpdate().Model((*domain.Quote)(nil)).
		Set("status = ?", domain.QuoteAccepted).
		Set("dropoff_code = ?", code).
		Set("accepted_at = ?", at).
		Where("id = ?", id).
		Where("status = ?", domain.QuoteOpen).
		Exec(ctx))
}

func (r *Quotes) SetStatus(ctx context.Context, id string, st domain.QuoteStatus) error {
	_, err := r.conn(ctx).NewUpdate().Model((*domain.Quote)(nil)).
		Set("status = ?", st).
		Where("id = ?", id).
		Exec(ctx)
	return err
}

type Offers struct{ base }

func NewOffers(db *bun.DB) *Offers { return &Offers{base{db}} }

// Save caches the latest wholesaler offers, one row per (wholesaler, isbn).
func (r *Offers) Save(ctx context.Context, offers []domain.WholesaleOffer) error {
	return upsert(ctx, r.conn(ctx), offers, "wholesaler_id, isbn", "offer_cents", "fetched_at")
}

func (r *Offers) Fresh(ctx context.Context, isbns []string, since time.Time) ([]domain.WholesaleOffer, error) {
	var out []domain.WholesaleOffer
	err := r.conn(ctx).NewSelect().Model(&out).
		Where("isbn IN (?)", bun.In(isbns)).
		Where("fetched_at >= ?", since).
		Scan(ctx)
	return out, err
}
