package kiosk

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/curbline-civic/permits/internal/platform/database"
)

// Repo stores kiosk activity.
type Repo struct{ db *sqlx.DB }

// NewRepo returns a Repo.
func NewRepo(db *sqlx.DB) *Repo { return &Repo{db: db} }

// Payment is a kiosk-captured payment.
type Payment struct {
	TxnID         string    `db:"kiosk_txn_id"`
	KioskID       string    `db:"kiosk_id"`
	ApplicationID uuid.UUID `db:"application_id"`
	AmountCents   int64     `db:"amount_cents"`
	Tender        string    `db:"tender"`
	CapturedAt    time.Time `db:"captured_at"`
}

// InsertPayment stores a kiosk payment; false means the transaction ID was
// already stored.
func (r *Repo) InsertPayment(ctx context.Context, p Payment) (bool, error) {
	res, err := database.Conn(ctx, r.db).NamedExecContext(ctx, `
		INSERT INTO kiosk_payments (kiosk_txn_id, kiosk_id, application_id, amount_cents, tender, captured_at)
		VALUES (:kiosk_txn_id, :kiosk_id, :application_id, :amount_cents, :tender, :captured_at)
		ON CONFLICT (kiosk_txn_id) DO NOTHING`, p)
	if err != nil {
		return false, fmt.Errorf("insert kiosk payment: %w", err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// Refund is a kiosk refund.
type Refund struct {
	ID            uuid.UUID `db:"id"`
	KioskRefundID string    `db:"kiosk_refund_id"`
	KioskTxnID    string    `db:"kiosk_txn_id"`
	ApplicationID uuid.UUID `db:"application_id"`
	AmountCents   int64     `db:"amount_cents"`
	Reason        string    `db:"reason"`
	RefundedAt    time.Time `db:"refunded_at"`
}

func (r *Repo) InsertRefund(ctx context.Context, f Refund) error {
	_, err := database.Conn(ctx, r.db).NamedExecContext(ctx, `
		INSERT INTO kiosk_refunds (id, kiosk_refund_id, kiosk_txn_id, application_id, amount_cents, reason, refunded_at)
		VALUES (:id, :kiosk_refund_id, :kiosk_txn_id, :application_id, :amount_cents, :reason, :refunded_at)`, f)
	if err != nil {
		return fmt.Errorf("insert kiosk refund: %w", err)
	}
	return nil
}

// TempPermit is a paper permit printed at a kiosk.
type TempPermit struct {
	ID            uuid.UUID `db:"id"`
	KioskEventID  string    `db:"kiosk_event_id"`
	KioskID       string    `db:"kiosk_id"`
	ApplicationID uuid.UUID `db:"application_id"`
	Plate         string    `db:"plate"`
	ZoneCode      string    `db:"zone_code"`
	ValidUntil    time.Time `db:"valid_until"`
	PrintedAt     time.Time `db:"printed_at"`
}

func (r *Repo) InsertTempPermit(ctx context.Context, t TempPermit) error {
	_, err := database.Conn(ctx, r.db).NamedExecContext(ctx, `
		INSERT INTO kiosk_temp_permits (id, kiosk_event_id, kiosk_id, application_id, plate, zone_code, valid_until, printed_at)
		VALUES (:id, :kiosk_event_id, :kiosk_id, :application_id, :plate, :zone_code, :valid_until, :printed_at)`, t)
	if err != nil {
		return fmt.Errorf("insert temp permit: %w", err)
	}
	return nil
}

// RevenueAccount returns the zone revenue account for an application.
func (r *Repo) RevenueAccount(ctx context.Context, appID uuid.UUID) (string, error) {
	var acct string
	err := database.Conn(ctx, r.db).GetContext(ctx, &acct, `
		SELECT z.revenue_account FROM applications a JOIN zones z ON z.code = a.zone_code WHERE a.id = $1`, appID)
	return acct, err
}

// Seen implements msgkit.ProcessedStore.
func (r *Repo) Seen(ctx context.Context, consumer, msgID string) (bool, error) {
	var exists bool
	err := r.db.GetContext(ctx, &exists, `
		SELECT EXISTS (SELECT 1 FROM processed_messages WHERE consumer = $1 AND msg_id = $2)`, consumer, msgID)
	return exists, err
}

// Mark implements msgkit.ProcessedStore.
func (r *Repo) Mark(ctx context.Context, consumer, msgID string) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO processed_messages (consumer, msg_id, processed_at) VALUES ($1, $2, now())
		ON CONFLICT (consumer, msg_id) DO NOTHING`, consumer, msgID)
	return err
}
