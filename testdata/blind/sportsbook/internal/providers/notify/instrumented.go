package notify

import (
	"context"
	"log/slog"
	"time"

	"github.com/kickoffbet/sportsbook/internal/telemetry"
)

type instrumented struct {
	next Notifier
	m    *telemetry.Metrics
	log  *slog.Logger
}

// Instrument wraps n with metrics and debug logging.
func Instrument(n Notifier, m *telemetry.Metrics, log *slog.Logger) Notifier {
	return &instrumented{next: n, m: m, log: log}
}

func (i *instrumented) SendSMS(ctx context.Context, msg SMS, opts ...Option) (err error) {
	defer i.m.Observe("notify", "SendSMS", time.Now(), &err)
	i.log.Debug("sending sms", "template", msg.Template)
	return i.next.SendSMS(ctx, msg, opts...)
}

func (i *instrumented) SendPush(ctx context.Context, p Push) (err error) {
	defer i.m.Observe("notify", "SendPush", time.Now(), &err)
	i.log.Debug("sending push", "player", p.PlayerID, "title", p.Title)
	return i.next.SendPush(ctx, p)
}

// Noop discards notifications; used when messaging is disabled.
type Noop struct{}

func (Noop) SendSMS(context.Context, SMS, ...Option) error { return nil }
func (Noop) SendPush(context.Context, Push) error          { return nil }
