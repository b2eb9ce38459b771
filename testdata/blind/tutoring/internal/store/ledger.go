package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/learnloop/tutoring/internal/domain"
	"github.com/learnloop/tutoring/internal/platform/database"
)

// Ledger is the append-only lesson credit ledger.
type Ledger interface {
	Append(ctx context.Context, q database.Querier, e domain.LedgerEntry) error
	AppendOnce(ctx context.Context, q database.Querier, e domain.LedgerEntry) (bool, error)
	Balance(ctx context.Context, q database.Querier, studentID uuid.UUID) (int, error)
	PurchaseRemaining(ctx context.Context, q database.Querier, purchaseID uuid.UUID) (int, error)
}

type pgLedger struct{}

// NewLedger returns the Postgres ledger.
func NewLedger() *pgLedger { return &pgLedger{} }

func (r *pgLedger) Append(ctx context.Context, q database.Querier, e domain.LedgerEntry) error {
	_, err := q.Exec(ctx, `
		INSERT INTO credit_ledger (id, student_id, purchase_id, lesson_id, delta, reason, note)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		e.ID, e.StudentID, e.PurchaseID, e.LessonID, e.Delta, e.Reason, e.Note)
	return err
}

// AppendOnce inserts e unless an entry with the same ID already exists.
func (r *pgLedger) AppendOnce(ctx context.Context, q database.Querier, e domain.LedgerEntry) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO credit_ledger (id, student_id, purchase_id, lesson_id, delta, reason, note)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (id) DO NOTHING`,
		e.ID, e.StudentID, e.PurchaseID, e.LessonID, e.Delta, e.Reason, e.Note)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *pgLedger) Balance(ctx context.Context, q database.Querier, studentID uuid.UUID) (int, error) {
	var n int
	err := q.QueryRow(ctx, `SELECT COALESCE(SUM(delta), 0) FROM credit_ledger WHERE student_id = $1`, studentID).Scan(&n)
	return n, err
}

func (r *pgLedger) PurchaseRemaining(ctx context.Context, q database.Querier, purchaseID uuid.UUID) (int, error) {
	var n int
	err := q.QueryRow(ctx, `SELECT COALESCE(SUM(delta), 0) FROM credit_ledger WHERE purchase_id = $1`, purchaseID).Scan(&n)
	return n, err
}

// Purchases persists package purchases.
type Purchases interface {
	UpsertIntent(ctx context.Context, q database.Querier, p domain.Purchase) (domain.Purchase, error)
	AttachPaymentIntent(ctx context.Context, q database.Querier, id uuid.UUID, piID, clientSecret, status string) error
	Get(ctx context.Context, q database.Querier, id uuid.UUID) (domain.Purchase, error)
	GetByPaymentIntent(ctx context.Context, q database.Querier, piID string) (domain.Purchase, error)
	MarkSucceeded(ctx context.Context, q database.Querier, id uuid.UUID, expiresAt time.Time) (bool, error)
	MarkFailed(ctx context.Context, q database.Querier, id uuid.UUID) error
	PickForDebit(ctx context.Context, tx pgx.Tx, studentID uuid.UUID, credits int) (uuid.UUID, error)
	ListExpired(ctx context.Context, q database.Querier, now time.Time, limit int) ([]domain.Purchase, error)
	MarkExpired(ctx context.Context, q database.Querier, id uuid.UUID) error
}

type pgPurchases struct{}

// NewPurchases returns the Postgres purchase repository.
func NewPurchases() *pgPurchases { return &pgPurchases{} }

const purchaseColumns = `id, student_id, package_id, idempotency_key, status, stripe_payment_intent_id,
	client_secret, amount_cents, currency, credits, expires_at, created_at`

func scanPurchase(row pgx.Row) (domain.Purchase, error) {
	var p domain.Purchase
	err := row.Scan(&p.ID, &p.StudentID, &p.PackageID, &p.IdempotencyKey, &p.Status, &p.PaymentIntentID,
		&p.ClientSecret, &p.AmountCents, &p.Currency, &p.Credits, &p.ExpiresAt, &p.CreatedAt)
	return p, database.NotFound(err)
}

// UpsertIntent records the purchase intent keyed by (student, idempotency
// key) and returns the stored row, which is the original one when the
// key was seen before.
func (r *pgPurchases) UpsertIntent(ctx context.Context, q database.Querier, p domain.Purchase) (domain.Purchase, error) {
	return scanPurchase(q.QueryRow(ctx, `
		INSERT INTO package_purchases (id, student_id, package_id, idempotency_key, status, amount_cents, currency, credits)
		VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7)
		ON CONFLICT (student_id, idempotency_key) DO UPDATE SET idempotency_key = EXCLUDED.idempotency_key
		RETURNING `+purchaseColumns,
		p.ID, p.StudentID, p.PackageID, p.IdempotencyKey, p.AmountCents, p.Currency, p.Credits))
}

func (r *pgPurchases) AttachPaymentIntent(ctx context.Context, q database.Querier, id uuid.UUID, piID, clientSecret, status string) error {
	_, err := q.Exec(ctx, `
		UPDATE package_purchases
		SET stripe_payment_intent_id = $2, client_secret = $3,
		    status = CASE WHEN status = 'succeeded' THEN status ELSE $4 END
		WHERE id = $1`, id, piID, clientSecret, status)
	return err
}

func (r *pgPurchases) Get(ctx context.Context, q database.Querier, id uuid.UUID) (domain.Purchase, error) {
	return scanPurchase(q.QueryRow(ctx, `SELECT `+purchaseColumns+` FROM package_purchases WHERE id = $1`, id))
}

func (r *pgPurchases) GetByPaymentIntent(ctx context.Context, q database.Querier, piID string) (domain.Purchase, error) {
	return scanPurchase(q.QueryRow(ctx, `SELECT `+purchaseColumns+` FROM package_purchases WHERE stripe_payment_intent_id = $1`, piID))
}

func (r *pgPurchases) MarkSucceeded(ctx context.Context, q database.Querier, id uuid.UUID, expiresAt time.Time) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE package_purchases SET status = 'succeeded', expires_at = $2
		WHERE id = $1 AND status <> 'succeeded'`, id, expiresAt)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *pgPurchases) MarkFailed(ctx context.Context, q database.Querier, id uuid.UUID) error {
	_, err := q.Exec(ctx, `UPDATE package_purchases SET status = 'failed' WHERE id = $1 AND status IN ('pending', 'requires_action')`, id)
	return err
}

// PickForDebit chooses the purchase that expires first and still has at
// least the requested credits, locking it for the caller's transaction.
func (r *pgPurchases) PickForDebit(ctx context.Context, tx pgx.Tx, studentID uuid.UUID, credits int) (uuid.UUID, error) {
	var id uuid.UUID
	err := tx.QueryRow(ctx, `
		SELECT p.id FROM package_purchases p
		WHERE p.student_id = $1 AND p.status = 'succeeded' AND p.expires_at > now()
		  AND (SELECT COALESCE(SUM(l.delta), 0) FROM credit_ledger l WHERE l.purchase_id = p.id) >= $2
		ORDER BY p.expires_at
		LIMIT 1
		FOR UPDATE OF p`, studentID, credits).Scan(&id)
	if err == pgx.ErrNoRows {
		return uuid.Nil, domain.ErrInsufficientCredit
	}
	return id, err
}

func (r *pgPurchases) ListExpired(ctx context.Context, q database.Querier, now time.Time, limit int) ([]domain.Purchase, error) {
	rows, err := q.Query(ctx, `SELECT `+purchaseColumns+` FROM package_purchases
		WHERE status = 'succeeded' AND expires_at <= $1 ORDER BY expires_at LIMIT $2`, now, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.Purchase
	for rows.Next() {
		p, err := scanPurchase(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

func (r *pgPurchases) MarkExpired(ctx context.Context, q database.Querier, id uuid.UUID) error {
	_, err := q.Exec(ctx, `UPDATE package_purchases SET status = 'expired' WHERE id = $1 AND status = 'succeeded'`, id)
	return err
}

// Refunds persists card refunds issued on cancellation.
type Refunds interface {
	Insert(ctx context.Context, q database.Querier, r domain.Refund) error
	MarkStatusByStripeID(ctx context.Context, q database.Querier, stripeRefundID, status string) error
}

type pgRefunds struct{}

// NewRefunds returns the Postgres refund repository.
func NewRefunds() *pgRefunds { return &pgRefunds{} }

func (r *pgRefunds) Insert(ctx context.Context, q database.Querier, rf domain.Refund) error {
	_, err := q.Exec(ctx, `
		INSERT INTO refunds (id, lesson_id, purchase_id, stripe_refund_id, amount_cents, status)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		rf.ID, rf.LessonID, rf.PurchaseID, rf.StripeRefundID, rf.AmountCents, rf.Status)
	return err
}

func (r *pgRefunds) MarkStatusByStripeID(ctx context.Context, q database.Querier, stripeRefundID, status string) error {
	_, err := q.Exec(ctx, `UPDATE refunds SET status = $2 WHERE stripe_refund_id = $1`, stripeRefundID, status)
	return err
}
