package jobs

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/cityparking/parking/internal/domain"
	"github.com/cityparking/parking/internal/platform/logx"
	"github.com/cityparking/parking/internal/sms"
	"github.com/cityparking/parking/internal/store"
)

// smsOutbox sends a text and keeps an audit row per gateway submission.
type smsOutbox struct {
	sender sms.Sender
	log    store.SMSLogRepository
}

func newSMSOutbox(sender sms.Sender, log store.SMSLogRepository) *smsOutbox {
	return &smsOutbox{sender: sender, log: log}
}

func (o *smsOutbox) send(ctx context.Context, accountID *uuid.UUID, msg sms.Message, purpose string) (*sms.Result, error) {
	res, err := o.sender.Send(ctx, msg)
	if err != nil {
		return nil, err
	}
	if res.Duplicate {
		logx.From(ctx).Info("sms gateway reported duplicate submission", "client_reference", msg.ClientReference)
	}
	now := time.Now().UTC()
	var ref *string
	if msg.ClientReference != "" {
		ref = &msg.ClientReference
	}
	entry := domain.SMSLog{
		ID:                uuid.New(),
		AccountID:         accountID,
		ToNumber:          msg.To,
		Purpose:           purpose,
		ClientReference:   ref,
		ProviderMessageID: &res.MessageID,
		Status:            "submitted",
		CreatedAt:         now,
		UpdatedAt:         now,
	}
	if err := o.log.Append(ctx, entry); err != nil {
		// The text is out; losing the audit row only affects reporting.
		logx.From(ctx).Warn("sms log append failed", "message_id", res.MessageID, "err", err)
	}
	return res, nil
}
