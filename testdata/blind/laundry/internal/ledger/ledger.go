// Package ledger keeps the loyalty credit ledger. It talks to Postgres
// through database/sql so that balance updates and entry inserts stay in
// explicit, hand-written SQL.
package ledger

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"time"

	"github.com/google/uuid"
)

//go:embed schema/*.sql
var schemaFS embed.FS

type Kind string

const (
	KindEarn     Kind = "earn"
	KindRedeem   Kind = "redeem"
	KindGiftOut  Kind = "gift_out"
	KindGiftIn   Kind = "gift_in"
	KindReferral Kind = "referral"
	KindReversal Kind = "reversal"
	KindExpiry   Kind = "expiry"
	KindDamage   Kind = "damage_credit"
)

var ErrInsufficientCredits = errors.New("ledger: insufficient credits")

type Entry struct {
	// Key is the natural identity of the entry, if it has one.
	Key         string
	CustomerID  uuid.UUID
	Kind        Kind
	AmountCents int64
	OrderID     *uuid.UUID
	Memo        string
	ExpiresAt   *time.Time
}

type Ledger struct {
	db *sql.DB
}

func New(db *sql.DB) *Ledger { return &Ledger{db: db} }

func Migrate(ctx context.Context, db *sql.DB) error {
	names, err := fs.Glob(schemaFS, "schema/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	for _, name := range names {
		body, err := schemaFS.ReadFile(name)
		if err != nil {
			return err
		}
		if _, err := db.ExecContext(ctx, string(body)); err != nil {
			return fmt.Errorf("ledger: apply %s: %w", name, err)
		}
	}
	return nil
}

// InTx runs fn in a single serialisable-enough transaction (read committed
// plus row locks on the accounts touched).
func (l *Ledger) InTx(ctx context.Context, fn func(tx *Tx) error) error {
	sqlTx, err := l.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(&Tx{tx: sqlTx}); err != nil {
		_ = sqlTx.Rollback()
		return err
	}
	return sqlTx.Commit()
}

// Post writes one entry and moves the balance in its own transaction.
func (l *Ledger) Post(ctx context.Context, e Entry) error {
	return l.InTx(ctx, func(tx *Tx) error { return tx.Post(ctx, e) })
}

// PostOnce is Post for entries with a Key: a second call with the same key
// is a no-op. It reports whether the entry was written.
func (l *Ledger) PostOnce(ctx context.Context, e Entry) (bool, error) {
	var posted bool
	err := l.InTx(ctx, func(tx *Tx) error {
		var err error
		posted, err = tx.PostOnce(ctx, e)
		return err
	})
	return posted, err
}

func (l *Ledger) Balance(ctx context.Context, customerID uuid.UUID) (int64, error) {
	var bal int64
	err := l.db.QueryRowContext(ctx,
		`SELECT balance_cents FROM loyalty_accounts WHERE customer_id = $1`, customerID).Scan(&bal)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return bal, err
}

type Expiring struct {
	CustomerID  uuid.UUID
	AmountCents int64
}

// Expiring returns, per customer, the earned credits whose expiry has
// passed less what earlier expiry entries already wrote off, capped at the
// current balance.
func (l *Ledger) Expiring(ctx context.Context, asOf time.Time, limit int) ([]Expiring, error) {
	rows, err := l.db.QueryContext(ctx, `
		SELECT a.customer_id,
		       LEAST(a.balance_cents, COALESCE(SUM(
		           CASE WHEN e.kind = 'earn' AND e.expires_at < $1 THEN e.amount_cents
		                WHEN e.kind = 'expiry' THEN e.amount_cents
		                ELSE 0 END), 0)) AS due
		  FROM loyalty_accounts a
		  JOIN ledger_entries e ON e.customer_id = a.customer_id
		 WHERE a.balance_cents > 0 AND e.kind IN ('earn', 'expiry')
		 GROUP BY a.customer_id, a.balance_cents
		 LIMIT $2`, asOf, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Expiring
	for rows.Next() {
		var x Expiring
		if err := rows.Scan(&x.CustomerID, &x.AmountCents); err != nil {
			return nil, err
		}
		if x.AmountCents > 0 {
			out = append(out, x)
		}
	}
	return out, rows.Err()
}

type Tx struct {
	tx *sql.Tx
}

func (t *Tx) ensureAccount(ctx context.Context, customerID uuid.UUID) error {
	_, err := t.tx.ExecContext(ctx,
		`INSERT INTO loyalty_accounts (customer_id) VALUES ($1) ON CONFLICT (customer_id) DO NOTHING`,
		customerID)
	return err
}

func (t *Tx) move(ctx context.Context, customerID uuid.UUID, amount int64) error {
	earned := int64(0)
	if amount > 0 {
		earned = amount
	}
	_, err := t.tx.ExecContext(ctx, `
		UPDATE loyalty_accounts
		   SET balance_cents = balance_cents + $2,
		       lifetime_earned_cents = lifetime_earned_cents + $3,
		       updated_at = now()
		 WHERE customer_id = $1`, customerID, amount, earned)
	if err != nil && isCheckViolation(err) {
		return ErrInsufficientCredits
	}
	return err
}

func nullKey(k string) sql.NullString {
	return sql.NullString{String: k, Valid: k != ""}
}

func (t *Tx) Post(ctx context.Context, e Entry) error {
	if err := t.ensureAccount(ctx, e.CustomerID); err != nil {
		return err
	}
	_, err := t.tx.ExecContext(ctx, `
		INSERT INTO ledger_entries (entry_key, customer_id, kind, amount_cents, order_id, memo, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		nullKey(e.Key), e.CustomerID, string(e.Kind), e.AmountCents, e.OrderID, e.Memo, e.ExpiresAt)
	if err != nil {
		return fmt.Errorf("ledger: insert %s entry: %w", e.Kind, err)
	}
	return t.move(ctx, e.CustomerID, e.AmountCents)
}

func (t *Tx) PostOnce(ctx context.Context, e Entry) (bool, error) {
	if e.Key == "" {
		return false, errors.New("ledger: PostOnce needs an entry key")
	}
	if err := t.ensureAccount(ctx, e.CustomerID); err != nil {
		return false, err
	}
	res, err := t.tx.ExecContext(ctx, `
		INSERT INTO ledger_entries (entry_key, customer_id, kind, amount_cents, order_id, memo, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (entry_key) DO NOTHING`,
		e.Key, e.CustomerID, string(e.Kind), e.AmountCents, e.OrderID, e.Memo, e.ExpiresAt)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	if err != nil || n == 0 {
		return false, err
	}
	return true, t.move(ctx, e.CustomerID, e.AmountCents)
}

// ClaimInbox records that consumer handled eventID. It returns false when
// the event was already claimed.
func (t *Tx) ClaimInbox(ctx context.Context, consumer, eventID string) (bool, error) {
	res, err := t.tx.ExecContext(ctx, `
		INSERT INTO ledger_inbox (consumer, event_id) VALUES ($1, $2)
		ON CONFLICT (consumer, event_id) DO NOTHING`, consumer, eventID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// RedeemedForOrder returns the net credits redeemed against an order
// (redemptions less earlier reversals), as a positive number.
func (t *Tx) RedeemedForOrder(ctx context.Context, customerID, orderID uuid.UUID) (int64, error) {
	var total sql.NullInt64
	err := t.tx.QueryRowContext(ctx, `
		SELECT -SUM(amount_cents) FROM ledger_entries
		 WHERE customer_id = $1 AND order_id = $2 AND kind IN ('redeem', 'reversal')`,
		customerID, orderID).Scan(&total)
	return total.Int64, err
}

type Gift struct {
	ID             uuid.UUID
	SenderID       uuid.UUID
	RecipientID    uuid.UUID
	AmountCents    int64
	IdempotencyKey string
	Message        string
}

func (t *Tx) RecordGift(ctx context.Context, g Gift) error {
	_, err := t.tx.ExecContext(ctx, `
		INSERT INTO gift_transfers (id, sender_id, recipient_id, amount_cents, idempotency_key, message)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		g.ID, g.SenderID, g.RecipientID, g.AmountCents, g.IdempotencyKey, g.Message)
	return err
}

func (t *Tx) GiftByKey(ctx context.Context, senderID uuid.UUID, key string) (*Gift, error) {
	var g Gift
	err := t.tx.QueryRowContext(ctx, `
		SELECT id, sender_id, recipient_id, amount_cents, idempotency_key, COALESCE(message, '')
		  FROM gift_transfers WHERE sender_id = $1 AND idempotency_key = $2`, senderID, key).
		Scan(&g.ID, &g.SenderID, &g.RecipientID, &g.AmountCents, &g.IdempotencyKey, &g.Message)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return &g, err
}
