package alerts

import (
	"context"
	"log/slog"
	"strings"

	"github.com/meridianlabs/labs/internal/providers/sms"
)

// MaskedLogSender logs every message with the number masked.
type MaskedLogSender struct {
	Next sms.Sender
	Log  *slog.Logger
}

// Send implements sms.Sender.
func (m MaskedLogSender) Send(ctx context.Context, msg sms.Message) (*sms.Receipt, error) {
	r, err := m.Next.Send(ctx, msg)
	if err != nil {
		m.Log.WarnContext(ctx, "sms failed", "to", mask(msg.To), "err", err)
		return nil, err
	}
	m.Log.InfoContext(ctx, "sms sent", "to", mask(msg.To), "message_id", r.MessageID, "segments", r.Segments)
	return r, nil
}

func mask(phone string) string {
	if len(phone) <= 4 {
		return "****"
	}
	return strings.Repeat("*", len(phone)-4) + phone[len(phone)-4:]
}

// StaticOnCall answers with fixed numbers per escalation level.
type StaticOnCall struct {
	Levels []string
}

// PhoneFor implements OnCall.
func (s StaticOnCall) PhoneFor(_ context.Context, _ string, level int) (string, error) {
	if level < 0 || level >= len(s.Levels) {
		return "", errNoOnCall
	}
	return s.Levels[level], nil
}

type onCallError string

func (e onCallError) Error() string { return string(e) }

const errNoOnCall = onCallError("no on-call number for level")
