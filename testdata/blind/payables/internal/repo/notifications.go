package repo

import (
	"context"
	"database/sql"
	"time"
)

// Notification is a record of an e-mail sent to a supplier or AP team.
type Notification struct {
	ID        string
	TenantID  string
	Kind      string
	RefID     string
	Recipient string
	MessageID string
}

// NotificationRepo logs notifications and remittance advice.
type NotificationRepo interface {
	WithTx(tx *sql.Tx) NotificationRepo
	Record(ctx context.Context, n Notification) error
	// ClaimRemittance reserves the remittance advice for a payment; it
	// reports false if the advice was already claimed.
	ClaimRemittance(ctx context.Context, paymentID, recipient string) (bool, error)
	RemittanceStatus(ctx context.Context, paymentID string) (string, error)
	MarkRemittanceSent(ctx context.Context, paymentID, messageID string, at time.Time) error
}

type notificationRepo struct{ base }

// NewNotificationRepo returns a NotificationRepo.
func NewNotificationRepo(db *sql.DB) NotificationRepo { return &notificationRepo{base{db}} }

func (r *notificationRepo) WithTx(tx *sql.Tx) NotificationRepo { return &notificationRepo{base{tx}} }

func (r *notificationRepo) Record(ctx context.Context, n Notification) error {
	_, err := r.insert("notifications").
		Columns("id", "tenant_id", "kind", "ref_id", "recipient", "message_id").
		Values(n.ID, n.TenantID, n.Kind, n.RefID, n.Recipient, nullString(n.MessageID)).
		ExecContext(ctx)
	return err
}

func (r *notificationRepo) ClaimRemittance(ctx context.Context, paymentID, recipient string) (bool, error) {
	res, err := r.insert("remittances").
		Columns("payment_id", "recipient", "status").
		Values(paymentID, recipient, "pending").
		Suffix("ON CONFLICT (payment_id) DO NOTHING").
		ExecContext(ctx)
	if err != nil {
		return false, err
	}
	n, err := rowsAffected(res)
	return n == 1, err
}

func (r *notificationRepo) RemittanceStatus(ctx context.Context, paymentID string) (string, error) {
	var s string
	err := r.sel("status").From("remittances").Where("payment_id = ?", paymentID).
		QueryRowContext(ctx).Scan(&s)
	if err == sql.ErrNoRows {
		return "", nil
	}
	return s, err
}

func (r *notificationRepo) MarkRemittanceSent(ctx context.Context, paymentID, messageID string, at time.Time) error {
	_, err := r.insert("remittances").
		Columns("payment_id", "recipient", "status", "message_id", "sent_at").
		Values(paymentID, "", "sent", messageID, at).
		Suffix(`ON CONFLICT (payment_id) DO UPDATE
			SET status = 'sent', message_id = EXCLUDED.message_id, sent_at = EXCLUDED.sent_at`).
		ExecContext(ctx)
	return err
}
