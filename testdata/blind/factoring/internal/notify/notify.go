// Package notify renders and sends transactional email to suppliers and
// debtors.
package notify

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/kestrelfin/factoring/internal/provider/mailer"
)

// Email is one outgoing message.
type Email struct {
	To       string
	Template string
	Vars     map[string]string
	Tags     []string
}

// Notifier sends an email and returns the provider's message reference.
type Notifier interface {
	Send(ctx context.Context, e Email) (string, error)
}

// MailSender is the mail provider operation the notifier uses.
type MailSender interface {
	Send(ctx context.Context, msg mailer.Message) (*mailer.Receipt, error)
}

// Templates maps logical template names to provider template IDs.
type Templates map[string]string

func DefaultTemplates() Templates {
	return Templates{
		"assignment_notice":  "tmpl_8d1f2a",
		"advance_paid_out":   "tmpl_37bb90",
		"invoice_overdue":    "tmpl_c1e044",
		"rebate_issued":      "tmpl_51aa7e",
		"collection_failed":  "tmpl_0f9d63",
		"credit_check_ready": "tmpl_aa1902",
	}
}

type emailNotifier struct {
	mail      MailSender
	templates Templates
}

func NewEmailNotifier(mail MailSender, templates Templates) Notifier {
	return &emailNotifier{mail: mail, templates: templates}
}

func (n *emailNotifier) Send(ctx context.Context, e Email) (string, error) {
	tmpl, ok := n.templates[e.Template]
	if !ok {
		return "", fmt.Errorf("notify: unknown template %q", e.Template)
	}
	if strings.TrimSpace(e.To) == "" {
		return "", fmt.Errorf("notify: %s: empty recipient", e.Template)
	}
	receipt, err := n.mail.Send(ctx, mailer.Message{To: e.To, TemplateID: tmpl, Vars: e.Vars, Tags: e.Tags})
	if err != nil {
		return "", err
	}
	return receipt.MessageID, nil
}

// Decorator wraps a Notifier.
type Decorator func(Notifier) Notifier

// Chain applies decorators so that the first one is outermost.
func Chain(n Notifier, ds ...Decorator) Notifier {
	for i := len(ds) - 1; i >= 0; i-- {
		n = ds[i](n)
	}
	return n
}

type notifierFunc func(ctx context.Context, e Email) (string, error)

func (f notifierFunc) Send(ctx context.Context, e Email) (string, error) { return f(ctx, e) }

// WithLogging logs every send with its outcome and latency.
func WithLogging(log *slog.Logger) Decorator {
	return func(next Notifier) Notifier {
		return notifierFunc(func(ctx context.Context, e Email) (string, error) {
			start := time.Now()
			ref, err := next.Send(ctx, e)
			log.InfoContext(ctx, "email sent", "template", e.Template, "ref", ref,
				"took", time.Since(start), "err", err)
			return ref, err
		})
	}
}

// WithRedirect sends every email to addr instead of the real recipient. It
// is used outside production.
func WithRedirect(addr string) Decorator {
	return func(next Notifier) Notifier {
		return notifierFunc(func(ctx context.Context, e Email) (string, error) {
			if e.Vars == nil {
				e.Vars = map[string]string{}
			}
			e.Vars["original_recipient"] = e.To
			e.To = addr
			return next.Send(ctx, e)
		})
	}
}

// WithTags adds tags to every email.
func WithTags(tags ...string) Decorator {
	return func(next Notifier) Notifier {
		return notifierFunc(func(ctx context.Context, e Email) (string, error) {
			e.Tags = append(append([]string{}, e.Tags...), tags...)
			return next.Send(ctx, e)
		})
	}
}
