// Package notify composes the e-mails the platform sends to artists and
// hands them to the e-mail provider.
package notify

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/soundledger/royalties/internal/domain"
	"github.com/soundledger/royalties/internal/platform/retry"
	"github.com/soundledger/royalties/internal/provider/mailer"
)

// Templates registered with the e-mail provider.
const (
	TemplateStatement    = "royalty-statement-v3"
	TemplatePayoutFailed = "payout-failed-v1"
	TemplatePayoutSent   = "payout-sent-v2"
)

// Notifier sends artist-facing e-mails.
type Notifier interface {
	Statement(ctx context.Context, a domain.Artist, s domain.Statement, opts ...mailer.SendOption) (mailer.Receipt, error)
	PayoutFailed(ctx context.Context, a domain.Artist, p domain.Payout, reason string, opts ...mailer.SendOption) (mailer.Receipt, error)
	PayoutSent(ctx context.Context, a domain.Artist, p domain.Payout, opts ...mailer.SendOption) (mailer.Receipt, error)
}

// Service implements Notifier.
type Service struct {
	mail      mailer.Sender
	portalURL string
}

// New returns a Service.
func New(mail mailer.Sender, portalURL string) *Service {
	return &Service{mail: mail, portalURL: strings.TrimRight(portalURL, "/")}
}

func money(cents int64, currency string) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	return fmt.Sprintf("%s%d.%02d %s", sign, cents/100, cents%100, strings.ToUpper(currency))
}

func (s *Service) send(ctx context.Context, msg mailer.Message, opts []mailer.SendOption) (mailer.Receipt, error) {
	return retry.Do(ctx, func(ctx context.Context) (mailer.Receipt, error) {
		return s.mail.Send(ctx, msg, opts...)
	}, retry.If(mailer.IsRetryable), retry.Attempts(3))
}

// Statement implements Notifier.
func (s *Service) Statement(ctx context.Context, a domain.Artist, st domain.Statement, opts ...mailer.SendOption) (mailer.Receipt, error) {
	lines := make([]map[string]any, 0, len(st.Lines))
	for _, l := range st.Lines {
		lines = append(lines, map[string]any{
			"isrc":   l.ISRC,
			"plays":  l.Plays,
			"amount": money(l.AmountCents, st.Currency),
		})
	}
	msg := mailer.Message{
		To:       a.Email,
		Template: TemplateStatement,
		Subject:  fmt.Sprintf("Your royalty statement for %s", st.Period),
		Data: map[string]any{
			"artist_name": a.DisplayName,
			"period":      st.Period.String(),
			"gross":       money(st.GrossCents, st.Currency),
			"recouped":    money(st.RecoupedCents, st.Currency),
			"net":         money(st.NetCents, st.Currency),
			"lines":       lines,
			"url":         fmt.Sprintf("%s/statements/%s", s.portalURL, st.ID),
		},
		Tags: []string{"statement", string(st.Period)},
	}
	return s.send(ctx, msg, opts)
}

// PayoutFailed implements Notifier.
func (s *Service) PayoutFailed(ctx context.Context, a domain.Artist, p domain.Payout, reason string, opts ...mailer.SendOption) (mailer.Receipt, error) {
	msg := mailer.Message{
		To:       a.Email,
		Template: TemplatePayoutFailed,
		Subject:  "We couldn't send your payout",
		Data: map[string]any{
			"artist_name": a.DisplayName,
			"amount":      money(p.AmountCents, p.Currency),
			"reason":      reason,
			"url":         s.portalURL + "/settings/payouts",
		},
		Tags: []string{"payout", "failed"},
	}
	return s.send(ctx, msg, opts)
}

// PayoutSent implements Notifier.
func (s *Service) PayoutSent(ctx context.Context, a domain.Artist, p domain.Payout, opts ...mailer.SendOption) (mailer.Receipt, error) {
	msg := mailer.Message{
		To:       a.Email,
		Template: TemplatePayoutSent,
		Subject:  "Your payout is on its way",
		Data: map[string]any{
			"artist_name": a.DisplayName,
			"amount":      money(p.AmountCents, p.Currency),
			"sent_on":     time.Now().UTC().Format("2 Jan 2006"),
		},
		Tags: []string{"payout", "sent"},
	}
	return s.send(ctx, msg, opts)
}
