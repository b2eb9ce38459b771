package compensation

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/veinline/plasmaops/internal/platform/apperr"
	"github.com/veinline/plasmaops/internal/platform/pgstore"
)

// Repository persists cards, payouts and awards.
type Repository interface {
	CardholderRef(ctx context.Context, db pgstore.DBTX, donorID string) (string, error)
	GetLiveCard(ctx context.Context, db pgstore.DBTX, donorID string) (Card, error)
	GetCardByIssuerID(ctx context.Context, db pgstore.DBTX, issuerCardID string) (Card, error)
	InsertCard(ctx context.Context, db pgstore.DBTX, c Card) error
	MarkCardReplaced(ctx context.Context, db pgstore.DBTX, cardID string, at time.Time) error
	UpdateCardStatus(ctx context.Context, db pgstore.DBTX, issuerCardID, status string, at time.Time) (bool, error)
	AddSettled(ctx context.Context, db pgstore.DBTX, issuerCardID string, amount int64) error

	OpenIssueRequest(ctx context.Context, db pgstore.DBTX, r CardRequest) (CardRequest, error)
	OpenReplaceRequest(ctx context.Context, db pgstore.DBTX, r CardRequest) (CardRequest, error)
	FulfilRequest(ctx context.Context, db pgstore.DBTX, id, issuerCardID string, at time.Time) error

	InsertPayout(ctx context.Context, db pgstore.DBTX, p Payout) (Payout, bool, error)
	GetPayout(ctx context.Context, db pgstore.DBTX, id string) (Payout, error)
	MarkPayoutSubmitted(ctx context.Context, db pgstore.DBTX, id, transferID string, at time.Time) error
	SetPayoutStatusByTransfer(ctx context.Context, db pgstore.DBTX, transferID, status, reason string, at time.Time) error
	AppendAttempt(ctx context.Context, db pgstore.DBTX, a PayoutAttempt) error
	InsertAdjustment(ctx context.Context, db pgstore.DBTX, a Adjustment) error

	EnsureMilestone(ctx context.Context, db pgstore.DBTX, m MilestoneAward) (MilestoneAward, error)
	MarkMilestonePaid(ctx context.Context, db pgstore.DBTX, donorID, milestone, transferID string, at time.Time) error

	CompletedDonationsSince(ctx context.Context, db pgstore.DBTX, donorID string, since time.Time) (int, error)
	FirstDonationAt(ctx context.Context, db pgstore.DBTX, donorID string) (*time.Time, error)
}

type pgRepository struct{}

// NewRepository returns the Postgres repository.
func NewRepository() Repository { return pgRepository{} }

func (pgRepository) CardholderRef(ctx context.Context, db pgstore.DBTX, donorID string) (string, error) {
	var ref *string
	err := db.QueryRow(ctx, `SELECT cardholder_ref FROM donors WHERE id = $1`, donorID).Scan(&ref)
	if pgstore.IsNoRows(err) {
		return "", apperr.NotFound("donor %s not found", donorID)
	}
	if err != nil {
		return "", fmt.Errorf("cardholder ref: %w", err)
	}
	if ref == nil || *ref == "" {
		return "", apperr.Precondition("donor %s has no cardholder account", donorID)
	}
	return *ref, nil
}

const cardColumns = `id, donor_id, issuer_card_id, last4, status, status_updated_at, settled_total_cents`

func scanCard(row pgx.Row) (Card, error) {
	var c Card
	err := row.Scan(&c.ID, &c.DonorID, &c.IssuerCardID, &c.Last4, &c.Status, &c.StatusUpdatedAt, &c.SettledTotalCents)
	return c, err
}

func (pgRepository) GetLiveCard(ctx context.Context, db pgstore.DBTX, donorID string) (Card, error) {
	c, err := scanCard(db.QueryRow(ctx, `SELECT `+cardColumns+` FROM cards
		WHERE donor_id = $1 AND status IN ('inactive', 'active', 'blocked')`, donorID))
	if pgstore.IsNoRows(err) {
		return Card{}, ErrNoLiveCard
	}
	if err != nil {
		return Card{}, fmt.Errorf("get live card: %w", err)
	}
	return c, nil
}

func (pgRepository) GetCardByIssuerID(ctx context.Context, db pgstore.DBTX, issuerCardID string) (Card, error) {
	c, err := scanCard(db.QueryRow(ctx, `SELECT `+cardColumns+` FROM cards WHERE issuer_card_id = $1`, issuerCardID))
	if pgstore.IsNoRows(err) {
		return Card{}, apperr.NotFound("card %s not found", issuerCardID)
	}
	if err != nil {
		return Card{}, fmt.Errorf("get card: %w", err)
	}
	return c, nil
}

func (pgRepository) InsertCard(ctx context.Context, db pgstore.DBTX, c Card) error {
	_, err := db.Exec(ctx, `
		INSERT INTO cards (id, donor_id, issuer_card_id, last4, status, status_updated_at)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (issuer_card_id) DO NOTHING`,
		c.ID, c.DonorID, c.IssuerCardID, c.Last4, c.Status, c.StatusUpdatedAt)
	if pgstore.IsUniqueViolation(err, "cards_one_live_per_donor") {
		return apperr.Conflict("donor %s already has a live card", c.DonorID)
	}
	if err != nil {
		return fmt.Errorf("insert card: %w", err)
	}
	return nil
}

func (pgRepository) MarkCardReplaced(ctx context.Context, db pgstore.DBTX, cardID string, at time.Time) error {
	_, err := db.Exec(ctx, `UPDATE cards SET status = 'replaced', status_updated_at = $2 WHERE id = $1`, cardID, at)
	if err != nil {
		return fmt.Errorf("mark card replaced: %w", err)
	}
	return nil
}

// UpdateCardStatus applies a status change unless a newer one has already
// been applied. It reports whether the row changed.
func (pgRepository) UpdateCardStatus(ctx context.Context, db pgstore.DBTX, issuerCardID, status string, at time.Time) (bool, error) {
	tag, err := db.Exec(ctx, `
		UPDATE cards SET status = $2, status_updated_at = $3
		 WHERE issuer_card_id = $1 AND status_updated_at < $3 AND status <> 'replaced'`,
		issuerCardID, status, at)
	if err != nil {
		return false, fmt.Errorf("update card status: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (pgRepository) AddSettled(ctx context.Context, db pgstore.DBTX, issuerCardID string, amount int64) error {
	_, err := db.Exec(ctx, `
		UPDATE cards SET settled_total_cents = settled_total_cents + $2 WHERE issuer_card_id = $1`,
		issuerCardID, amount)
	if err != nil {
		return fmt.Errorf("add settled: %w", err)
	}
	return nil
}

const requestColumns = `id, donor_id, kind, COALESCE(request_id, ''), status, COALESCE(issuer_card_id, ''), requested_by, created_at`

func scanRequest(row pgx.Row) (CardRequest, error) {
	var r CardRequest
	err := row.Scan(&r.ID, &r.DonorID, &r.Kind, &r.RequestID, &r.Status, &r.IssuerCardID, &r.RequestedBy, &r.CreatedAt)
	return r, err
}

// OpenIssueRequest returns the donor's pending first-issue request,
// creating it from r if there is none.
func (pgRepository) OpenIssueRequest(ctx context.Context, db pgstore.DBTX, r CardRequest) (CardRequest, error) {
	_, err := db.Exec(ctx, `
		INSERT INTO card_requests (id, donor_id, kind, status, requested_by, created_at)
		VALUES ($1, $2, 'issue', 'pending', $3, $4)
		ON CONFLICT (donor_id) WHERE kind = 'issue' AND status = 'pending' DO NOTHING`,
		r.ID, r.DonorID, r.RequestedBy, r.CreatedAt)
	if err != nil {
		return CardRequest{}, fmt.Errorf("open issue request: %w", err)
	}
	out, err := scanRequest(db.QueryRow(ctx, `SELECT `+requestColumns+` FROM card_requests
		WHERE donor_id = $1 AND kind = 'issue' AND status = 'pending'`, r.DonorID))
	if err != nil {
		return CardRequest{}, fmt.Errorf("load issue request: %w", err)
	}
	return out, nil
}

// OpenReplaceRequest returns the replacement request for (donor,
// request id), creating it from r on first sight.
func (pgRepository) OpenReplaceRequest(ctx context.Context, db pgstore.DBTX, r CardRequest) (CardRequest, error) {
	_, err := db.Exec(ctx, `
		INSERT INTO card_requests (id, donor_id, kind, request_id, status, requested_by, created_at)
		VALUES ($1, $2, 'replace', $3, 'pending', $4, $5)
		ON CONFLICT (donor_id, request_id) DO NOTHING`,
		r.ID, r.DonorID, r.RequestID, r.RequestedBy, r.CreatedAt)
	if err != nil {
		return CardRequest{}, fmt.Errorf("open replace request: %w", err)
	}
	out, err := scanRequest(db.QueryRow(ctx, `SELECT `+requestColumns+` FROM card_requests
		WHERE donor_id = $1 AND request_id = $2`, r.DonorID, r.RequestID))
	if err != nil {
		return CardRequest{}, fmt.Errorf("load replace request: %w", err)
	}
	return out, nil
}

func (pgRepository) FulfilRequest(ctx context.Context, db pgstore.DBTX, id, issuerCardID string, at time.Time) error {
	_, err := db.Exec(ctx, `
		UPDATE card_requests SET status = 'fulfilled', issuer_card_id = $2, fulfilled_at = $3
		 WHERE id = $1`, id, issuerCardID, at)
	if err != nil {
		return fmt.Errorf("fulfil card request: %w", err)
	}
	return nil
}

const payoutColumns = `id, donor_id, session_id, kind, amount_cents, currency, status, COALESCE(issuer_transfer_id, ''), created_at`

func scanPayout(row pgx.Row) (Payout, error) {
	var p Payout
	err := row.Scan(&p.ID, &p.DonorID, &p.SessionID, &p.Kind, &p.AmountCents, &p.Currency, &p.Status, &p.IssuerTransferID, &p.CreatedAt)
	return p, err
}

// InsertPayout stores p. A donation payout for a session that already has
// one is not duplicated: the existing payout is returned with false.
func (pgRepository) InsertPayout(ctx context.Context, db pgstore.DBTX, p Payout) (Payout, bool, error) {
	tag, err := db.Exec(ctx, `
		INSERT INTO payouts (id, donor_id, session_id, kind, amount_cents, currency, status, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $7)
		ON CONFLICT (session_id, kind) DO NOTHING`,
		p.ID, p.DonorID, p.SessionID, p.Kind, p.AmountCents, p.Currency, p.CreatedAt)
	if err != nil {
		return Payout{}, false, fmt.Errorf("insert payout: %w", err)
	}
	if tag.RowsAffected() == 1 {
		p.Status = PayoutPending
		return p, true, nil
	}
	existing, err := scanPayout(db.QueryRow(ctx, `SELECT `+payoutColumns+` FROM payouts
		WHERE session_id = $1 AND kind = $2`, p.SessionID, p.Kind))
	if err != nil {
		return Payout{}, false, fmt.Errorf("load existing payout: %w", err)
	}
	return existing, false, nil
}

func (pgRepository) GetPayout(ctx context.Context, db pgstore.DBTX, id string) (Payout, error) {
	p, err := scanPayout(db.QueryRow(ctx, `SELECT `+payoutColumns+` FROM payouts WHERE id = $1`, id))
	if pgstore.IsNoRows(err) {
		return Payout{}, apperr.NotFound("payout %s not found", id)
	}
	if err != nil {
		return Payout{}, fmt.Errorf("get payout: %w", err)
	}
	return p, nil
}

func (pgRepository) MarkPayoutSubmitted(ctx context.Context, db pgstore.DBTX, id, transferID string, at time.Time) error {
	_, err := db.Exec(ctx, `
		UPDATE payouts SET status = 'submitted', issuer_transfer_id = $2, updated_at = $3
		 WHERE id = $1 AND status = 'pending'`, id, transferID, at)
	if err != nil {
		return fmt.Errorf("mark payout submitted: %w", err)
	}
	return nil
}

func (pgRepository) SetPayoutStatusByTransfer(ctx context.Context, db pgstore.DBTX, transferID, status, reason string, at time.Time) error {
	_, err := db.Exec(ctx, `
		UPDATE payouts SET status = $2, failure_reason = NULLIF($3, ''), updated_at = $4
		 WHERE issuer_transfer_id = $1`, transferID, status, reason, at)
	if err != nil {
		return fmt.Errorf("set payout status: %w", err)
	}
	return nil
}

func (pgRepository) AppendAttempt(ctx context.Context, db pgstore.DBTX, a PayoutAttempt) error {
	_, err := db.Exec(ctx, `
		INSERT INTO payout_attempts (id, payout_id, attempt, outcome, detail, attempted_at)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		a.ID, a.PayoutID, a.Attempt, a.Outcome, a.Detail, a.AttemptedAt)
	if err != nil {
		return fmt.Errorf("append payout attempt: %w", err)
	}
	return nil
}

func (pgRepository) InsertAdjustment(ctx context.Context, db pgstore.DBTX, a Adjustment) error {
	_, err := db.Exec(ctx, `
		INSERT INTO balance_adjustments (id, donor_id, payout_id, amount_cents, reason_code, note, approved_by, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		a.ID, a.DonorID, a.PayoutID, a.AmountCents, a.ReasonCode, a.Note, a.ApprovedBy, a.CreatedAt)
	if err != nil {
		return fmt.Errorf("insert adjustment: %w", err)
	}
	return nil
}

// EnsureMilestone creates the award row if it does not exist and returns
// the stored row.
func (pgRepository) EnsureMilestone(ctx context.Context, db pgstore.DBTX, m MilestoneAward) (MilestoneAward, error) {
	_, err := db.Exec(ctx, `
		INSERT INTO milestone_awards (donor_id, milestone, amount_cents, status)
		VALUES ($1, $2, $3, 'pending')
		ON CONFLICT (donor_id, milestone) DO NOTHING`,
		m.DonorID, m.Milestone, m.AmountCents)
	if err != nil {
		return MilestoneAward{}, fmt.Errorf("ensure milestone: %w", err)
	}
	var out MilestoneAward
	err = db.QueryRow(ctx, `
		SELECT donor_id, milestone, amount_cents, status, COALESCE(issuer_transfer_id, '')
		  FROM milestone_awards WHERE donor_id = $1 AND milestone = $2`, m.DonorID, m.Milestone,
	).Scan(&out.DonorID, &out.Milestone, &out.AmountCents, &out.Status, &out.IssuerTransferID)
	if err != nil {
		return MilestoneAward{}, fmt.Errorf("load milestone: %w", err)
	}
	return out, nil
}

func (pgRepository) MarkMilestonePaid(ctx context.Context, db pgstore.DBTX, donorID, milestone, transferID string, at time.Time) error {
	_, err := db.Exec(ctx, `
		UPDATE milestone_awards SET status = 'paid', issuer_transfer_id = $3, paid_at = $4
		 WHERE donor_id = $1 AND milestone = $2`, donorID, milestone, transferID, at)
	if err != nil {
		return fmt.Errorf("mark milestone paid: %w", err)
	}
	return nil
}

func (pgRepository) CompletedDonationsSince(ctx context.Context, db pgstore.DBTX, donorID string, since time.Time) (int, error) {
	var n int
	err := db.QueryRow(ctx, `
		SELECT count(*) FROM donation_sessions
		 WHERE donor_id = $1 AND status = 'completed' AND started_at >= $2`, donorID, since).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("count donations: %w", err)
	}
	return n, nil
}

func (pgRepository) FirstDonationAt(ctx context.Context, db pgstore.DBTX, donorID string) (*time.Time, error) {
	var t *time.Time
	err := db.QueryRow(ctx, `
		SELECT min(started_at) FROM donation_sessions WHERE donor_id = $1 AND status = 'completed'`, donorID).Scan(&t)
	if err != nil {
		return nil, fmt.Errorf("first donation: %w", err)
	}
	return t, nil
}
