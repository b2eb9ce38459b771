package mysqlstore

import (
	"context"
	"time"

	"github.com/shedshare/toolsd/internal/domain"
)

type smsRepo struct{ q querier }

const smsCols = `id, client_ref, member_id, kind, to_e164, body, status, gateway_msg_id, created_at, sent_at`

func (r smsRepo) InsertIfAbsent(ctx context.Context, m *domain.SMSMessage) (bool, error) {
	return affected(r.q.NamedExecContext(ctx, `
		INSERT IGNORE INTO sms_messages (`+smsCols+`)
		VALUES (:id, :client_ref, :member_id, :kind, :to_e164, :body, :status, :gateway_msg_id, :created_at, :sent_at)`, m))
}

func (r smsRepo) GetByClientRef(ctx context.Context, ref string) (*domain.SMSMessage, error) {
	var m domain.SMSMessage
	if err := r.q.GetContext(ctx, &m, `SELECT `+smsCols+` FROM sms_messages WHERE client_ref = ?`, ref); err != nil {
		return nil, notFound(err, "sms "+ref)
	}
	return &m, nil
}

func (r smsRepo) MarkSent(ctx context.Context, id, gatewayMsgID string, at time.Time) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE sms_messages SET status = 'sent', gateway_msg_id = ?, sent_at = ? WHERE id = ?`, gatewayMsgID, at, id)
	return err
}

func (r smsRepo) AppendReceipt(ctx context.Context, rc *domain.SMSReceipt) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO sms_delivery_receipts (gateway_msg_id, status, error_code, reported_at, received_at)
		VALUES (:gateway_msg_id, :status, :error_code, :reported_at, :received_at)`, rc)
	return err
}

func (r smsRepo) UpdateStatusByGatewayID(ctx context.Context, gatewayMsgID, status string) error {
	_, err := r.q.ExecContext(ctx, `UPDATE sms_messages SET status = ? WHERE gateway_msg_id = ?`, status, gatewayMsgID)
	return err
}
