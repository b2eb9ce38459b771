package store

import (
	"context"

	"github.com/acme/fleet/internal/domain"
	"github.com/acme/fleet/internal/platform/db"
)

type Notices struct{}

func NewNotices() *Notices { return &Notices{} }

// Exists reports whether a notice with this id was recorded.
func (Notices) Exists(ctx context.Context, q db.Ext, id string) (bool, error) {
	var ok bool
	err := q.GetContext(ctx, &ok, `SELECT EXISTS (SELECT 1 FROM notices WHERE id = $1)`, id)
	return ok, err
}

// Insert records a notice.
func (Notices) Insert(ctx context.Context, q db.Ext, n domain.Notice) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO notices (id, customer_id, channel, template, status, provider_msg_id, sent_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		n.ID, n.CustomerID, n.Channel, n.Template, n.Status, n.ProviderMsgID, n.SentAt)
	return err
}

// Claim records a notice as being sent. It reports false if a notice with
// the same id already exists, whatever its status.
func (Notices) Claim(ctx context.Context, q db.Ext, n domain.Notice) (bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT INTO notices (id, customer_id, channel, template, status)
		VALUES ($1, $2, $3, $4, 'sending')
		ON CONFLICT (id) DO NOTHING`, n.ID, n.CustomerID, n.Channel, n.Template)
	if err != nil {
		return false, err
	}
	k, err := affected(res)
	return k == 1, err
}

// MarkSent completes a claimed notice.
func (Notices) MarkSent(ctx context.Context, q db.Ext, id, providerMsgID string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE notices SET status = 'sent', provider_msg_id = $2, sent_at = now() WHERE id = $1`, id, providerMsgID)
	return err
}

// MarkUnknown flags a claimed notice whose delivery outcome is unknown.
func (Notices) MarkUnknown(ctx context.Context, q db.Ext, id string) error {
	_, err := q.ExecContext(ctx, `UPDATE notices SET status = 'unknown' WHERE id = $1 AND status = 'sending'`, id)
	return err
}

// Release drops a claim that was certainly not delivered, so it can be retried.
func (Notices) Release(ctx context.Context, q db.Ext, id string) error {
	_, err := q.ExecContext(ctx, `DELETE FROM notices WHERE id = $1 AND status = 'sending'`, id)
	return err
}
