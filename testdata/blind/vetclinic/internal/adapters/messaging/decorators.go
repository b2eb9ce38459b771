package messaging

import (
	"context"
	"log/slog"
	"strings"
	"time"
	"unicode"

	"github.com/oklog/ulid/v2"

	"github.com/pawpath/vetclinic/internal/core/ports"
	"github.com/pawpath/vetclinic/internal/errs"
)

// SMSMiddleware wraps an SMSSender.
type SMSMiddleware func(ports.SMSSender) ports.SMSSender

type smsFunc func(ctx context.Context, m ports.SMS) (ports.SMSReceipt, error)

func (f smsFunc) Send(ctx context.Context, m ports.SMS) (ports.SMSReceipt, error) { return f(ctx, m) }

// Chain applies middlewares so that the first one listed is outermost.
func Chain(s ports.SMSSender, mws ...SMSMiddleware) ports.SMSSender {
	for i := len(mws) - 1; i >= 0; i-- {
		s = mws[i](s)
	}
	return s
}

// NormalizeNumber rewrites North American numbers to E.164 and rejects
// anything that cannot be a phone number.
func NormalizeNumber(defaultCountry string) SMSMiddleware {
	return func(next ports.SMSSender) ports.SMSSender {
		return smsFunc(func(ctx context.Context, m ports.SMS) (ports.SMSReceipt, error) {
			n, ok := toE164(m.To, defaultCountry)
			if !ok {
				return ports.SMSReceipt{}, errs.Errorf("sms.NormalizeNumber", errs.Invalid, "bad number %q", m.To)
			}
			m.To = n
			return next.Send(ctx, m)
		})
	}
}

// Tracked gives every outgoing message a client reference so that delivery
// receipts and provider logs can be joined back to our records.
func Tracked() SMSMiddleware {
	return func(next ports.SMSSender) ports.SMSSender {
		return smsFunc(func(ctx context.Context, m ports.SMS) (ports.SMSReceipt, error) {
			if m.ClientRef == "" {
				m.ClientRef = "pp_" + strings.ToLower(ulid.Make().String())
			}
			return next.Send(ctx, m)
		})
	}
}

// Logged logs each send with its outcome and latency.
func Logged(log *slog.Logger) SMSMiddleware {
	return func(next ports.SMSSender) ports.SMSSender {
		return smsFunc(func(ctx context.Context, m ports.SMS) (ports.SMSReceipt, error) {
			start := time.Now()
			rcpt, err := next.Send(ctx, m)
			log.InfoContext(ctx, "sms send",
				"client_ref", m.ClientRef,
				"message_id", rcpt.MessageID,
				"took", time.Since(start),
				"err", err)
			return rcpt, err
		})
	}
}

func toE164(raw, country string) (string, bool) {
	var digits strings.Builder
	for _, r := range raw {
		if unicode.IsDigit(r) {
			digits.WriteRune(r)
		}
	}
	d := digits.String()
	switch {
	case strings.HasPrefix(raw, "+") && len(d) >= 8:
		return "+" + d, true
	case country == "US" && len(d) == 10:
		return "+1" + d, true
	case country == "US" && len(d) == 11 && d[0] == '1':
		return "+" + d, true
	}
	return "", false
}
